# ruff: noqa  (a probe is written as users write models)
from functools import lru_cache

import torch
import torch.nn as nn


@lru_cache(maxsize=64)
def conv_out_len(n: int, kernel: int, stride: int, pad: int) -> int:
    return (n + 2 * pad - kernel) // stride + 1


class StridedFrontEnd(nn.Module):
    """Subsampling front-end that appends a learned summary slot sized with a cached helper."""

    def __init__(self, c_in=4, c=6, k=3, s=2):
        super().__init__()
        self.k, self.s = k, s
        self.conv = nn.Conv1d(c_in, c, k, stride=s, padding=1)
        self.summary = nn.Parameter(torch.randn(c) * 0.1)

    def forward(self, x):
        t_out = conv_out_len(x.size(-1), self.k, self.s, 1)
        y = self.conv(x)
        slot = x.new_zeros(x.size(0), y.size(1), 1) + self.summary.view(1, -1, 1)
        return torch.cat([y[..., :t_out], slot], dim=-1)


Model = StridedFrontEnd


def inputs():
    torch.manual_seed(4213)
    return [(torch.randn(2, 4, 11),), (torch.randn(2, 4, 11),), (torch.randn(3, 4, 8),)]
