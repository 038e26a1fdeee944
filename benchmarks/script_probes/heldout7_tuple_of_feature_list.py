# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List, Tuple

import torch
from torch import nn


class FeatureExtractor(nn.Module):
    def __init__(self, dims=(3, 4, 5)):
        super().__init__()
        self.stages = nn.ModuleList()
        for cin, cout in zip(dims[:-1], dims[1:]):
            self.stages.append(nn.Conv2d(cin, cout, 3, padding=1))

    def forward_features(self, x: torch.Tensor) -> List[torch.Tensor]:
        feats: List[torch.Tensor] = []
        for stage in self.stages:
            x = stage(x)
            feats.append(x)
        return feats

    def forward(self, x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        return tuple(self.forward_features(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = FeatureExtractor()

    def forward(self, x):
        a, b = self.body(x)
        return a.mean() + b.mean()


def inputs():
    return [(torch.randn(1, 3, 6, 6),), (torch.randn(2, 3, 4, 4),)]
