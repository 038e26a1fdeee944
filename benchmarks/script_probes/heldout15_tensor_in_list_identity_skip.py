# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList([nn.Linear(4, 4), nn.Identity(), nn.Linear(4, 4)])

    def forward(self, x):
        seen: List[Tensor] = []
        for stage in self.stages:
            y = stage(x)
            if y not in seen:
                seen.append(y)
            x = y
        return torch.stack(seen).sum(0)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
