# ruff: noqa  (a probe is written as users write models)
from typing import List, Optional

import torch
import torch.nn as nn
from torch import Tensor


class MultiViewPool(nn.Module):
    """Pools several views; an optional channel mask is applied to every view in a comprehension."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, views: List[Tensor], mask: Optional[Tensor] = None) -> Tensor:
        if mask is not None:
            views = [v * mask for v in views]
        return self.proj(torch.stack(views, dim=0).mean(0))


Model = MultiViewPool


def inputs():
    torch.manual_seed(4123)
    return [
        ([torch.randn(2, 8), torch.randn(2, 8)], (torch.rand(8) > 0.5).float()),
        ([torch.randn(3, 8), torch.randn(3, 8), torch.randn(3, 8)], None),
    ]
