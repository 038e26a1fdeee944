# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional, cast

import torch
from torch import nn


class MaskedMeanPool(nn.Module):
    def __init__(self, use_mask: bool = True):
        super().__init__()
        self.use_mask = use_mask

    def forward(self, x: torch.Tensor, mask: Optional[torch.Tensor] = None) -> torch.Tensor:
        if not self.use_mask:
            return x.mean(1)
        if mask is None:
            mask = torch.ones(x.shape[:2], dtype=x.dtype)
        m = cast(torch.Tensor, mask).unsqueeze(-1)
        return (x * m).sum(1) / m.sum(1).clamp(min=1.0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(3, 3)
        self.pool = MaskedMeanPool()

    def forward(self, x):
        return self.pool(self.proj(x))


def inputs():
    return [(torch.randn(2, 4, 3),), (torch.randn(1, 2, 3),)]
