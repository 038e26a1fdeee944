# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class RMSNorm(nn.Module):
    """RMS norm whose epsilon comes from a classmethod, so subclasses for half precision can
    override it."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    @classmethod
    def eps(cls) -> float:
        return 1e-6

    def forward(self, x: Tensor) -> Tensor:
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps()) * self.weight


Model = RMSNorm


def inputs():
    torch.manual_seed(3224)
    return [(torch.randn(2, 6),), (torch.randn(3, 4, 6),)]
