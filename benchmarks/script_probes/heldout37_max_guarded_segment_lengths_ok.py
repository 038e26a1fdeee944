# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class SegmentPadder(nn.Module):
    """Pads variable-length segments of a flat sequence to the longest one and encodes them."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.enc = nn.Linear(dim, dim)

    def longest(self, lengths: List[int]) -> int:
        return max(lengths) if len(lengths) > 0 else 0

    def forward(self, x: Tensor, lengths: List[int]) -> Tensor:
        width = self.longest(lengths)
        out = x.new_zeros(len(lengths), width, x.shape[-1])
        start = 0
        for i, n in enumerate(lengths):
            out[i, :n] = x[start : start + n]
            start += n
        return self.enc(out)


Model = SegmentPadder


def inputs():
    torch.manual_seed(3724)
    return [(torch.randn(6, 4), [2, 3, 1]), (torch.randn(4, 4), [4])]
