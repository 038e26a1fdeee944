# ruff: noqa  (a probe is written as users write models)
import statistics
from typing import List

import torch
import torch.nn as nn


class MultiBranch(nn.Module):
    def __init__(self):
        super().__init__()
        self.branches = nn.ModuleList([nn.Conv2d(3, 8, k, padding=k // 2) for k in (1, 3, 5)])
        self.branch_weights: List[float] = [0.5, 1.0, 1.5]

    def forward(self, x):
        norm = statistics.mean(self.branch_weights)
        out = torch.zeros_like(self.branches[0](x))
        for w, conv in zip(self.branch_weights, self.branches):
            out = out + conv(x) * (w / norm)
        return out


Model = MultiBranch


def inputs():
    torch.manual_seed(1)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 10),)]
