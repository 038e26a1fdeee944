# ruff: noqa  (a probe is written as users write models)
from collections import Counter
from typing import List

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.groups: List[str] = ["low", "low", "mid", "high", "high", "high"]
        self.proj = nn.Linear(6, 6)

    def forward(self, x):
        sizes = Counter(self.groups)
        outs = []
        start = 0
        for name in ["low", "mid", "high"]:
            n = sizes[name]
            outs.append(x[:, start:start + n].softmax(-1))
            start += n
        return self.proj(torch.cat(outs, dim=1))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
