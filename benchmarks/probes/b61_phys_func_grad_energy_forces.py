# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.func import grad


class Model(nn.Module):
    """Learned pair-potential for a particle system; forces are minus the gradient of the total
    energy, taken with torch.func.grad."""

    def __init__(self, hidden: int = 16):
        super().__init__()
        self.pot = nn.Sequential(nn.Linear(1, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def energy(self, pos: torch.Tensor) -> torch.Tensor:
        n = pos.shape[0]
        diff = pos.unsqueeze(0) - pos.unsqueeze(1)
        r = (diff.pow(2).sum(-1) + torch.eye(n)).sqrt()
        e = self.pot(r.unsqueeze(-1)).squeeze(-1) * (1 - torch.eye(n))
        return 0.5 * e.sum()

    def forward(self, pos: torch.Tensor):
        forces = -grad(self.energy)(pos)
        return self.energy(pos), forces


def inputs():
    torch.manual_seed(6113)
    return [(torch.randn(6, 3),), (torch.randn(9, 3),)]
