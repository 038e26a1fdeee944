# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class RayIntegrator(nn.Module):
    """Volume rendering: transmittance from a cumulative trapezoid integral of density along each ray."""

    def __init__(self, d: int = 6):
        super().__init__()
        self.density = nn.Linear(d, 1)
        self.color = nn.Linear(d, 3)

    def forward(self, feats: Tensor, t: Tensor) -> Tensor:
        sigma = F.softplus(self.density(feats)).squeeze(-1)
        tau = torch.cumulative_trapezoid(sigma, t, dim=-1)
        trans = torch.exp(-F.pad(tau, (1, 0)))
        w = trans * sigma
        return (w.unsqueeze(-1) * torch.sigmoid(self.color(feats))).sum(-2)


Model = RayIntegrator


def inputs():
    torch.manual_seed(5226)
    t1 = torch.linspace(0.0, 1.0, 8).expand(2, 8)
    t2 = torch.linspace(0.5, 2.0, 5).expand(3, 5)
    return [(torch.randn(2, 8, 6), t1), (torch.randn(3, 5, 6), t2)]
