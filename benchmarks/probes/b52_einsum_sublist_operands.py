# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class BilinearPairEnergy(nn.Module):
    """Physics: per-particle bilinear interaction energy a^T W b, written in einsum sublist form."""

    def __init__(self, d: int = 4):
        super().__init__()
        self.W = nn.Parameter(torch.randn(d, d) * 0.1)
        self.bias = nn.Parameter(torch.zeros(1))

    def forward(self, a: Tensor, b: Tensor) -> Tensor:
        e = torch.einsum(a, [0, 1, 2], self.W, [2, 3], b, [0, 1, 3], [0, 1])
        return e.sum(1) + self.bias


Model = BilinearPairEnergy


def inputs():
    torch.manual_seed(5210)
    return [
        (torch.randn(2, 5, 4), torch.randn(2, 5, 4)),
        (torch.randn(3, 7, 4), torch.randn(3, 7, 4)),
    ]
