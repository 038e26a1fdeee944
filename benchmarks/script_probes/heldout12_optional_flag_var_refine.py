# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
import torch.nn as nn


class MaskedMean(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, mask: Optional[torch.Tensor] = None) -> torch.Tensor:
        h = self.proj(x)
        has_mask = mask is not None
        if has_mask:
            w = mask.unsqueeze(-1).float()
            return (h * w).sum(1) / w.sum(1).clamp(min=1.0)
        return h.mean(1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = MaskedMean()

    def forward(self, x, mask: Optional[torch.Tensor] = None):
        return self.pool(x, mask)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4, 8), torch.rand(2, 4) > 0.4), (torch.randn(3, 5, 8), None)]
