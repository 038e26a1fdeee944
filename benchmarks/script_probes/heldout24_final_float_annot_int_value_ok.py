# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from typing import Final


class RMSNorm(nn.Module):
    eps: Final[float]

    def __init__(self, dim: int = 6, eps=1):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x: Tensor) -> Tensor:
        rms = x.pow(2).mean(-1, keepdim=True).add(self.eps).rsqrt()
        return x * rms * self.weight


Model = RMSNorm


def inputs():
    torch.manual_seed(2441)
    return [(torch.randn(2, 6),), (torch.randn(3, 4, 6),)]
