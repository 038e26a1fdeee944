# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.stem = nn.Linear(dim, dim)
        self.branches = nn.ModuleList([nn.Linear(dim, dim) for _ in range(3)])

    def forward(self, x):
        x = self.stem(x)
        feats: List[torch.Tensor] = [x]
        feats.extend(torch.sigmoid(f) for f in feats[-1].chunk(2, dim=-1))
        return torch.cat(feats, dim=-1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
