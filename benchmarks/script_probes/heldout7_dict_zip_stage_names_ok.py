# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict, List

import torch
from torch import nn


class Backbone(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.stage_names = ["res2", "res3"]
        self.stages = nn.ModuleList([nn.Linear(dim, dim) for _ in self.stage_names])

    def forward(self, x: torch.Tensor) -> Dict[str, torch.Tensor]:
        outs: List[torch.Tensor] = []
        for stage in self.stages:
            x = torch.relu(stage(x))
            outs.append(x)
        return dict(zip(self.stage_names, outs))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = Backbone()
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        feats = self.backbone(x)
        return self.head(feats["res3"]) + feats["res2"].sum(-1, keepdim=True)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
