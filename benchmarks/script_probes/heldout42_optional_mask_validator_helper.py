# ruff: noqa  (a probe is written as users write models)
from typing import Optional
import torch
import torch.nn as nn
from torch import Tensor


def _check_mask(mask: Optional[Tensor], x: Tensor) -> None:
    if mask is None:
        raise ValueError("this layer needs a padding mask")
    if mask.shape != x.shape[:2]:
        raise ValueError("mask must be (batch, seq)")


class MaskedMeanPool(nn.Module):
    """Mean-pools tokens under a padding mask that a validation helper checks first."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor, mask: Optional[Tensor] = None) -> Tensor:
        _check_mask(mask, x)
        w = mask.unsqueeze(-1).to(x.dtype)
        return (self.proj(x) * w).sum(1) / w.sum(1).clamp(min=1.0)


Model = MaskedMeanPool


def inputs():
    torch.manual_seed(4207)
    return [
        (torch.randn(2, 5, 8), torch.rand(2, 5) > 0.3),
        (torch.randn(1, 3, 8), torch.ones(1, 3, dtype=torch.bool)),
    ]
