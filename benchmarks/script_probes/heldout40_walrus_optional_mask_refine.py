# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class MaskedMeanPool(nn.Module):
    """Token pooling that averages only the unmasked tokens when a mask is given."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.default_mask: Optional[Tensor] = None

    def forward(self, x: Tensor, mask: Optional[Tensor] = None) -> Tensor:
        x = self.proj(x)
        if (m := mask) is not None:
            x = x * m.unsqueeze(-1)
            return x.sum(1) / m.sum(1, keepdim=True).clamp(min=1.0)
        return x.mean(1)


Model = MaskedMeanPool


def inputs():
    torch.manual_seed(4002)
    return [
        (torch.randn(2, 5, 8), torch.ones(2, 5)),
        (torch.randn(3, 4, 8), None),
    ]
