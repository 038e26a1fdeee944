# ruff: noqa  (a probe is written as users write models)
import sys
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class TruncateToShortest(nn.Module):
    def forward(self, streams: List[Tensor]) -> Tensor:
        shortest = sys.maxsize
        for s in streams:
            shortest = min(shortest, s.shape[1])
        return torch.cat([s[:, :shortest] for s in streams], dim=-1)


Model = TruncateToShortest


def inputs():
    torch.manual_seed(215)
    return [
        ([torch.randn(2, 5, 3), torch.randn(2, 4, 3)],),
        ([torch.randn(1, 3, 2), torch.randn(1, 7, 2), torch.randn(1, 6, 2)],),
    ]
