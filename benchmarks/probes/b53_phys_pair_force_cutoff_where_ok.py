# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
from torch import Tensor


def cosine_cutoff(r: Tensor, cutoff: float) -> Tensor:
    """Smoothly goes to zero at the cutoff; exactly zero beyond it (no boolean indexing)."""
    inside = r < cutoff
    value = 0.5 * (torch.cos(r * math.pi / cutoff) + 1.0)
    return torch.where(inside, value, torch.zeros_like(r))


def gaussian_rbf(r: Tensor, centers: Tensor, gamma: float) -> Tensor:
    return torch.exp(-gamma * (r.unsqueeze(-1) - centers).pow(2))


class PairPotential(nn.Module):
    """Learned pair potential E = sum_{i<j} phi(r_ij); forces from the analytic pair derivative."""

    def __init__(self, n_rbf: int = 8, cutoff: float = 3.0, hidden: int = 16):
        super().__init__()
        self.cutoff = cutoff
        self.gamma = 4.0
        self.register_buffer("centers", torch.linspace(0.0, cutoff, n_rbf))
        self.phi = nn.Sequential(nn.Linear(n_rbf, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, pos: Tensor):
        n = pos.size(1)
        diff = pos.unsqueeze(2) - pos.unsqueeze(1)  # (B, N, N, 3)
        eye = torch.eye(n, dtype=torch.bool, device=pos.device).unsqueeze(0)
        r2 = diff.pow(2).sum(-1)
        r = torch.sqrt(torch.where(eye, torch.ones_like(r2), r2))
        feats = gaussian_rbf(r, self.centers, self.gamma)
        pair = self.phi(feats).squeeze(-1) * cosine_cutoff(r, self.cutoff)
        pair = torch.where(eye, torch.zeros_like(pair), pair)
        energy = 0.5 * pair.sum(dim=(1, 2))
        # radial "force" magnitude proxy: pair energy weighted unit vectors
        unit = diff / r.unsqueeze(-1)
        forces = (pair.unsqueeze(-1) * unit).sum(dim=2)
        return energy, forces


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pot = PairPotential()

    def forward(self, pos: Tensor):
        return self.pot(pos)


def inputs():
    torch.manual_seed(5323)
    return [(torch.rand(2, 5, 3) * 4,), (torch.rand(3, 9, 3) * 4,)]
