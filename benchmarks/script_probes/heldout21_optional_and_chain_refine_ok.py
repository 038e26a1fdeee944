# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from typing import Optional


class MaskedMean(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor, mask: Optional[Tensor] = None) -> Tensor:
        h = self.proj(x)
        if mask is not None and bool(mask.any()):
            w = mask.to(h.dtype).unsqueeze(-1)
            return (h * w).sum(1) / w.sum(1).clamp(min=1.0)
        return h.mean(1)


Model = MaskedMean


def inputs():
    torch.manual_seed(2118)
    return [
        (torch.randn(2, 5, 4), torch.tensor([[1, 1, 0, 0, 0], [1, 1, 1, 1, 0]], dtype=torch.bool)),
        (torch.randn(1, 3, 4), torch.zeros(1, 3, dtype=torch.bool)),
    ]
