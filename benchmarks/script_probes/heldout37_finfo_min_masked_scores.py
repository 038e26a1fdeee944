# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


def masked_fill_min(scores: Tensor, mask: Tensor) -> Tensor:
    # The most negative value of the score dtype, so half precision does not overflow.
    return scores.masked_fill(~mask, torch.finfo(scores.dtype).min)


class SelfAttentionPooling(nn.Module):
    """Attention pooling over tokens, ignoring padded positions."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, x: Tensor, mask: Optional[Tensor] = None) -> Tensor:
        scores = self.score(x).squeeze(-1)
        if mask is not None:
            scores = masked_fill_min(scores, mask)
        weights = scores.softmax(-1)
        return (weights.unsqueeze(-1) * x).sum(1)


Model = SelfAttentionPooling


def inputs():
    torch.manual_seed(3701)
    mask = torch.ones(2, 5, dtype=torch.bool)
    mask[1, 3:] = False
    return [(torch.randn(2, 5, 8), mask), (torch.randn(1, 3, 8), None)]
