# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def forward(self, x) -> Dict[str, torch.Tensor]:
        feats: Dict[str, torch.Tensor] = {}
        for i, stage in enumerate(self.stages):
            x = stage(x).relu()
            feats["{prefix}{idx}".format(prefix="stage", idx=i)] = x
        return feats


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
