# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ParticleRepulsion(nn.Module):
    """Molecular/particle sim: soft repulsion energy from all pairwise distances (F.pdist, upper triangle)."""

    def __init__(self, d: int = 3):
        super().__init__()
        self.embed = nn.Linear(d, d)
        self.sigma = 0.5

    def forward(self, pos):
        p = pos + 0.1 * torch.tanh(self.embed(pos))
        r = F.pdist(p)
        return torch.exp(-r / self.sigma).sum()


Model = ParticleRepulsion


def inputs():
    torch.manual_seed(5425)
    return [(torch.randn(6, 3),), (torch.randn(10, 3),)]
