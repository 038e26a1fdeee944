# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class GaussianHead(nn.Module):
    """Predicts a mean and a positive standard deviation (softplus with a sharper beta)."""

    def __init__(self, dim: int = 6, out_dim: int = 2, beta: int = 2):
        super().__init__()
        self.mean = nn.Linear(dim, out_dim)
        self.raw_std = nn.Linear(dim, out_dim)
        self.positive = nn.Softplus(beta=beta, threshold=10)

    def forward(self, x: Tensor) -> Tensor:
        std = self.positive(self.raw_std(x)) + 1e-4
        return torch.cat([self.mean(x), std], dim=-1)


Model = GaussianHead


def inputs():
    torch.manual_seed(3640)
    return [(torch.randn(2, 6),), (torch.randn(4, 6) * 5,)]
