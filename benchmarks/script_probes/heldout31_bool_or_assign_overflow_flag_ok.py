# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class ClippedSum(nn.Module):
    """Sums per-level features, accumulating a Python bool 'any level clipped' flag with |=."""

    def __init__(self, limit: float = 2.5):
        super().__init__()
        self.limit = limit

    def forward(self, feats: List[Tensor]) -> Tensor:
        clipped = False
        total = torch.zeros_like(feats[0])
        for f in feats:
            clipped |= bool(f.abs().max() > self.limit)
            total = total + f.clamp(-self.limit, self.limit)
        return total * 0.5 if clipped else total


Model = ClippedSum


def inputs():
    torch.manual_seed(3137)
    return [([torch.randn(2, 3), torch.randn(2, 3) * 3],), ([torch.randn(4, 3) * 0.1],)]
