# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class MaskedMeanPool(nn.Module):
    """Sentence-embedding pooling: mean over tokens, with an all-ones mask when none is given."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor, mask: Optional[Tensor] = None) -> Tensor:
        mask = mask if mask is not None else x.new_ones(x.shape[:2])
        w = mask.unsqueeze(-1).to(x.dtype)
        return self.proj((x * w).sum(1) / w.sum(1).clamp_min(1.0))


Model = MaskedMeanPool


def inputs():
    torch.manual_seed(3118)
    return [
        (torch.randn(2, 5, 6), (torch.rand(2, 5) > 0.3).float()),
        (torch.randn(3, 4, 6),),
    ]
