# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList([nn.Linear(4, 4) for _ in range(4)])
        self.out_indices = [1, 3]

    def forward(self, x):
        feats: List[torch.Tensor] = []
        for stage in self.stages:
            x = stage(x).relu()
            feats.append(x)
        picked = [f for i, f in enumerate(feats) if i in self.out_indices]
        return torch.stack(picked, 0).sum(0)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
