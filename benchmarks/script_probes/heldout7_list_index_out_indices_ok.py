# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class FeatureBackbone(nn.Module):
    def __init__(self, depth: int = 4, out_indices: List[int] = [1, 3]):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(depth)])
        self.out_indices = out_indices
        self.scales = nn.Parameter(torch.ones(len(out_indices)))

    def forward(self, x: torch.Tensor) -> List[torch.Tensor]:
        outs: List[torch.Tensor] = []
        for i, blk in enumerate(self.blocks):
            x = torch.tanh(blk(x))
            if i in self.out_indices:
                slot = self.out_indices.index(i)
                outs.append(x * self.scales[slot])
        return outs


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = FeatureBackbone()

    def forward(self, x):
        a, b = self.backbone(x)
        return a + b


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
