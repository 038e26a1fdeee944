# ruff: noqa  (a probe is written as users write models)
import math
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class MaskedPool(nn.Module):
    """Attention pooling over tokens; padded positions get -inf scores (math.inf and float())."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, x: Tensor, pad: Optional[Tensor] = None) -> Tensor:
        s = self.score(x).squeeze(-1)
        if pad is not None:
            s = s.masked_fill(pad, -math.inf)
        s = s.clamp(min=float("-inf"), max=float("inf"))
        return (s.softmax(-1).unsqueeze(-1) * x).sum(1)


Model = MaskedPool


def inputs():
    torch.manual_seed(3522)
    pad = torch.tensor([[False, False, True, True], [False, False, False, True]])
    return [(torch.randn(2, 4, 8), pad), (torch.randn(1, 3, 8),)]
