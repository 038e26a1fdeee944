# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class MaskedLinear(nn.Module):
    """Linear layer with an optional pruning mask buffer, registered as None when unused."""

    def __init__(self, dim: int = 6, mask: Optional[Tensor] = None):
        super().__init__()
        self.linear = nn.Linear(dim, dim)
        self.register_buffer("mask", mask)

    def forward(self, x: Tensor) -> Tensor:
        w = self.linear.weight
        if self.mask is not None:
            w = w * self.mask
        return nn.functional.linear(x, w, self.linear.bias)


Model = MaskedLinear


def inputs():
    torch.manual_seed(3516)
    return [(torch.randn(2, 6),), (torch.randn(4, 3, 6),)]
