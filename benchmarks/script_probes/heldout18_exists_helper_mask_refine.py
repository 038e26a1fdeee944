# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
from torch import Tensor, nn


def exists(val):
    return val is not None


def default(val, d):
    return val if exists(val) else d


class MaskedMeanPool(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor, mask: Optional[Tensor] = None) -> Tensor:
        x = self.proj(x)
        if exists(mask):
            x = x.masked_fill(~mask[..., None], 0.0)
            return x.sum(dim=1) / mask.sum(dim=1, keepdim=True).clamp(min=1)
        return x.mean(dim=1)


Model = MaskedMeanPool


def inputs():
    torch.manual_seed(181)
    return [
        (torch.randn(2, 5, 8), torch.rand(2, 5) > 0.3),
        (torch.randn(3, 4, 8), None),
    ]
