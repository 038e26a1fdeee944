# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
        self.out_indices = [0, 2]

    def forward(self, x):
        features: Dict[int, torch.Tensor] = {}
        for i, stage in enumerate(self.stages):
            x = stage(x)
            if i in self.out_indices:
                features[i] = x
        return features[0] + features[2]


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
