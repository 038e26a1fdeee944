# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class MaskedMeanPool(nn.Module):
    """Sequence pooling that averages only unmasked steps when a mask is given."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor, mask: Optional[Tensor] = None) -> Tensor:
        h = self.proj(x)
        if isinstance(mask, Tensor):
            w = mask.unsqueeze(-1).to(h.dtype)
            return (h * w).sum(1) / w.sum(1).clamp(min=1.0)
        return h.mean(1)


Model = MaskedMeanPool


def inputs():
    torch.manual_seed(3918)
    return [
        (torch.randn(2, 5, 8), torch.tensor([[1, 1, 0, 0, 0], [1, 1, 1, 1, 0]]).bool()),
        (torch.randn(1, 3, 8),),
    ]
