# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class CosineCutoff(nn.Module):
    def __init__(self, cutoff: float = 2.0):
        super().__init__()
        self.cutoff = cutoff

    def forward(self, d: torch.Tensor) -> torch.Tensor:
        smooth = 0.5 * (torch.cos(d * math.pi / self.cutoff) + 1.0)
        return torch.where(d < self.cutoff, smooth, 0.0)


class GaussianRBF(nn.Module):
    def __init__(self, n: int = 6, cutoff: float = 2.0):
        super().__init__()
        self.register_buffer("centers", torch.linspace(0.0, cutoff, n))
        self.gamma = 10.0 / cutoff

    def forward(self, d: torch.Tensor) -> torch.Tensor:
        return torch.exp(-self.gamma * (d.unsqueeze(-1) - self.centers) ** 2)


class Model(nn.Module):
    """Dense all-pairs molecular energy head with a smooth radius cut-off."""

    def __init__(self, n_types: int = 5, dim: int = 6):
        super().__init__()
        self.embed = nn.Embedding(n_types, dim)
        self.rbf = GaussianRBF(dim)
        self.cut = CosineCutoff()
        self.energy = nn.Linear(dim, 1)

    def forward(self, z: torch.Tensor, pos: torch.Tensor) -> torch.Tensor:
        d = torch.cdist(pos, pos)
        w = self.rbf(d) * self.cut(d).unsqueeze(-1)
        w = w * (1.0 - torch.eye(pos.shape[-2], dtype=pos.dtype)).unsqueeze(-1)
        h = self.embed(z)
        h = h + torch.einsum("bijf,bjf->bif", w, h)
        return self.energy(h).sum((-1, -2))


def inputs():
    torch.manual_seed(7006)
    return [
        (torch.randint(0, 5, (2, 6)), torch.randn(2, 6, 3)),
        (torch.randint(0, 5, (2, 6)), torch.randn(2, 6, 3) * 2),
    ]
