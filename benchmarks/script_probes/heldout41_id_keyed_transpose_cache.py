# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class CachedTransposeLinear(nn.Module):
    """Linear layer that keeps a contiguous transposed weight, keyed by the weight's identity."""

    def __init__(self, dim_in: int = 8, dim_out: int = 6):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(dim_out, dim_in) * 0.1)
        self.bias = nn.Parameter(torch.zeros(dim_out))
        self._wt_cache: Dict[int, Tensor] = {}

    def forward(self, x: Tensor) -> Tensor:
        key = id(self.weight)
        if key not in self._wt_cache:
            self._wt_cache[key] = self.weight.detach().t().contiguous()
        return x @ self._wt_cache[key] + self.bias


Model = CachedTransposeLinear


def inputs():
    torch.manual_seed(4104)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
