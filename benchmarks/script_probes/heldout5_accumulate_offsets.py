# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import itertools
from typing import List

import torch
from torch import nn


def split_segments(x: torch.Tensor, sizes: List[int]) -> List[torch.Tensor]:
    offsets = [0] + list(itertools.accumulate(sizes))
    return [x[:, offsets[i] : offsets[i + 1]] for i in range(len(sizes))]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.sizes = [2, 3, 3]
        self.heads = nn.ModuleList([nn.Linear(s, 1) for s in self.sizes])

    def forward(self, x):
        parts = split_segments(x, self.sizes)
        outs = []
        for head, part in zip(self.heads, parts):
            outs.append(head(part))
        return torch.cat(outs, -1)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
