# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
from typing import Dict


class NamedStages(nn.Module):
    def __init__(self, depth: int = 3, dim: int = 4):
        super().__init__()
        self.depth = depth
        self.stages = nn.ModuleDict({"stage" + str(i).zfill(2): nn.Linear(dim, dim) for i in range(depth)})

    def forward(self, x: torch.Tensor) -> Dict[str, torch.Tensor]:
        feats: Dict[str, torch.Tensor] = {}
        for name, stage in self.stages.items():
            x = torch.relu(stage(x))
            feats["feat" + name[-2:].zfill(3)] = x
        return feats


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = NamedStages()

    def forward(self, x):
        out = self.body(x)
        return out["feat002"] + out["feat000"]


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
