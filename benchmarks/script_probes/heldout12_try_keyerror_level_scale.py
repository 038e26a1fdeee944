# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict, List

import torch
import torch.nn as nn


class LevelScaler(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales: Dict[str, float] = {"p3": 1.0, "p4": 0.5}
        self.proj = nn.Conv2d(2, 2, 1)

    def scale_for(self, name: str) -> float:
        try:
            return self.scales[name]
        except KeyError:
            return 0.25

    def forward(self, feats: List[torch.Tensor], names: List[str]) -> List[torch.Tensor]:
        return [self.proj(f) * self.scale_for(n) for f, n in zip(feats, names)]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scaler = LevelScaler()

    def forward(self, feats: List[torch.Tensor], names: List[str]):
        return self.scaler(feats, names)


def inputs():
    torch.manual_seed(0)
    return [
        ([torch.randn(1, 2, 4, 4), torch.randn(1, 2, 2, 2)], ["p3", "p4"]),
        ([torch.randn(2, 2, 3, 3)], ["p5"]),
    ]
