# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn


class FeatureCollector(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.branches = nn.ModuleDict({"b_mlp": nn.Linear(dim, dim), "a_skip": nn.Identity()})

    def forward(self, x: torch.Tensor) -> Dict[str, torch.Tensor]:
        return {name: branch(x) for name, branch in self.branches.items()}


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.collect = FeatureCollector(4)

    def forward(self, x):
        feats = self.collect(x)
        ordered = [v for _, v in sorted(feats.items())]
        return torch.cat(ordered, dim=-1)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
