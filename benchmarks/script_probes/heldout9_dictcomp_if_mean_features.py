# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
from typing import Dict


class FeatureSummary(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.ModuleDict({"rgb": nn.Linear(3, 2), "depth": nn.Linear(3, 2)})

    def forward(self, x: torch.Tensor) -> Dict[str, torch.Tensor]:
        feats = {name: layer(x) for name, layer in self.proj.items()}
        return {k: v.mean(0) for k, v in feats.items() if k != "depth"}


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.summary = FeatureSummary()

    def forward(self, x):
        return self.summary(x)["rgb"]


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
