# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class LayerScaleByName(nn.Module):
    def __init__(self, names: List[str] = ["blocks.0", "blocks.2"]):
        super().__init__()
        self.names = names
        self.scales = nn.Parameter(torch.linspace(0.5, 1.5, 4))

    def layer_ids(self) -> List[int]:
        ids: List[int] = []
        for name in self.names:
            prefix, _, idx = name.partition(".")
            if prefix == "blocks" and idx.isdigit():
                ids.append(int(idx))
        return ids

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for i in self.layer_ids():
            x = x * self.scales[i]
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = LayerScaleByName()

    def forward(self, x):
        return self.scale(x)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4),)]
