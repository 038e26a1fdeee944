# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.names: List[str] = ["res2", "res3", "res4"]
        self.convs = nn.ModuleList([nn.Conv2d(3, 3, 3, stride=2, padding=1) for _ in range(3)])

    def forward(self, x) -> Dict[str, torch.Tensor]:
        feats: List[torch.Tensor] = []
        for conv in self.convs:
            x = conv(x)
            feats.append(x)
        return {name: f.flatten(1).mean(1) for name, f in zip(self.names, feats)}


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 8, 12),)]
