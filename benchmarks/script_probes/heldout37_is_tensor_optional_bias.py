# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class RelPosAttentionScores(nn.Module):
    """Scaled dot-product scores with an optional additive relative-position bias."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)
        self.scale = dim**-0.5

    def forward(self, x: Tensor, bias: Optional[Tensor] = None) -> Tensor:
        scores = self.q(x) @ self.k(x).transpose(-1, -2) * self.scale
        if torch.is_tensor(bias):
            scores = scores + bias
        return scores.softmax(-1)


Model = RelPosAttentionScores


def inputs():
    torch.manual_seed(3714)
    return [(torch.randn(2, 4, 8), torch.randn(4, 4)), (torch.randn(1, 3, 8), None)]
