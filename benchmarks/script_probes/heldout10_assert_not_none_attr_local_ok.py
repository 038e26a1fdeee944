# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
from torch import nn


class CondNorm(nn.Module):
    def __init__(self, dim: int = 4, cond_dim: int = 3):
        super().__init__()
        self.norm = nn.LayerNorm(dim, elementwise_affine=False)
        self.to_scale = nn.Linear(cond_dim, dim)

    def forward(self, x: torch.Tensor, cond: Optional[torch.Tensor] = None) -> torch.Tensor:
        assert cond is not None, "conditioning required"
        scale = self.to_scale(cond)
        return self.norm(x) * (1.0 + scale)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = CondNorm()

    def forward(self, x, cond: Optional[torch.Tensor] = None):
        return self.norm(x, cond)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), torch.randn(2, 3)), (torch.randn(5, 4), torch.randn(5, 3))]
