# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, levels=3, width=2):
        super().__init__()
        self.levels = levels
        self.width = width
        self.scales: Dict[str, float] = {f"p{i:0{width}d}": 1.0 / (i + 1) for i in range(levels)}
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        out = torch.zeros_like(x)
        for i in range(self.levels):
            key = f"p{i:0{self.width}d}"
            out = out + self.scales[key] * self.proj(x)
        return out


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(6, 4),)]
