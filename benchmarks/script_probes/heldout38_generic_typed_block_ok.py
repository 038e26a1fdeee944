# ruff: noqa  (a probe is written as users write models)
from typing import Generic, TypeVar

import torch
import torch.nn as nn
from torch import Tensor

NormT = TypeVar("NormT", bound=nn.Module)


class PreNormResidual(nn.Module, Generic[NormT]):
    """Pre-norm residual wrapper, generic over the normalisation layer's class for type checkers."""

    def __init__(self, norm: NormT, dim: int = 8):
        super().__init__()
        self.norm = norm
        self.fn = nn.Sequential(nn.Linear(dim, dim), nn.GELU())

    def forward(self, x: Tensor) -> Tensor:
        return x + self.fn(self.norm(x))


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.block: PreNormResidual[nn.LayerNorm] = PreNormResidual(nn.LayerNorm(dim), dim)

    def forward(self, x: Tensor) -> Tensor:
        return self.block(x)


def inputs():
    torch.manual_seed(3822)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 3, 8),)]
