# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.cls = nn.Linear(4, 3)
        self.box = nn.Linear(4, 2)

    def forward(self, x) -> Dict[str, torch.Tensor]:
        out: Dict[str, torch.Tensor] = {}
        out["logits"] = self.cls(x)
        out["boxes"] = self.box(x).sigmoid()
        return out


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
