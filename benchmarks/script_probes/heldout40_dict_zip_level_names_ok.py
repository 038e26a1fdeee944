# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
from torch import Tensor


class NamedStages(nn.Module):
    """Backbone stages whose outputs are returned under their stage names."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.stages = nn.ModuleList([nn.Linear(dim, dim) for _ in range(3)])
        self.names = ["c3", "c4", "c5"]

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        outs: List[Tensor] = []
        for stage in self.stages:
            x = stage(x).relu()
            outs.append(x)
        return dict(zip(self.names, outs))


Model = NamedStages


def inputs():
    torch.manual_seed(4041)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
