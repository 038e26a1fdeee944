# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class SelfAttentionPooling(nn.Module):
    """Attention pooling over tokens, ignoring padded positions."""

    def __init__(self, dim: int = 8, dtype: torch.dtype = torch.float32):
        super().__init__()
        self.score = nn.Linear(dim, 1)
        # Looked up once here: forward only sees a float.
        self.mask_value = float(torch.finfo(dtype).min)

    def _masked(self, scores: Tensor, mask: Tensor) -> Tensor:
        return scores.masked_fill(~mask, self.mask_value)

    def forward(self, x: Tensor, mask: Optional[Tensor] = None) -> Tensor:
        scores = self.score(x).squeeze(-1)
        if mask is not None:
            scores = self._masked(scores, mask)
        weights = scores.softmax(-1)
        return (weights.unsqueeze(-1) * x).sum(1)


Model = SelfAttentionPooling


def inputs():
    torch.manual_seed(3702)
    mask = torch.ones(2, 5, dtype=torch.bool)
    mask[1, 3:] = False
    return [(torch.randn(2, 5, 8), mask), (torch.randn(1, 3, 8), None)]
