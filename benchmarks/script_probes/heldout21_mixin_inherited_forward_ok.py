# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, Tensor


class ResidualMixin:
    def forward(self, x: Tensor) -> Tensor:
        return x + self.drop(self.body(x))


class FeedForward(ResidualMixin, nn.Module):
    def __init__(self, dim: int = 8, hidden: int = 12):
        super().__init__()
        self.body = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, hidden), nn.SiLU(), nn.Linear(hidden, dim))
        self.drop = nn.Identity()


Model = FeedForward


def inputs():
    torch.manual_seed(2115)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
