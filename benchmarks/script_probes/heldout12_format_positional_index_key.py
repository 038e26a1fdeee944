# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
import torch.nn as nn


class StageOutputs(nn.Module):
    def __init__(self, dim: int = 4, depth: int = 3):
        super().__init__()
        self.prefix = "stage"
        self.blocks = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])

    def forward(self, x: torch.Tensor) -> Dict[str, torch.Tensor]:
        out: Dict[str, torch.Tensor] = {}
        for i, blk in enumerate(self.blocks):
            x = torch.relu(blk(x))
            out["{1}.{0}".format(i, self.prefix)] = x
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = StageOutputs()

    def forward(self, x):
        return self.stages(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
