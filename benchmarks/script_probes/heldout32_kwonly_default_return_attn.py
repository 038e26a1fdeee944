# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
from torch import Tensor


class AttentionPool(nn.Module):
    """Attention pooling over tokens; callers may ask for the weights with a keyword-only flag."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, x: Tensor, *, return_weights: bool = False) -> Tuple[Tensor, Tensor]:
        w = torch.softmax(self.score(x).squeeze(-1), dim=-1)
        pooled = (w.unsqueeze(-1) * x).sum(1)
        if return_weights:
            return pooled, w
        return pooled, torch.empty(0)


Model = AttentionPool


def inputs():
    torch.manual_seed(3211)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 2, 8),)]
