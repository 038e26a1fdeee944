# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class Detector(nn.Module):
    def __init__(self, dim: int = 4, num_classes: int = 3):
        super().__init__()
        self.cls = nn.Linear(dim, num_classes)
        self.box = nn.Linear(dim, 4)

    def forward(self, x: torch.Tensor):
        hidden: List[torch.Tensor] = [x]
        logits = self.cls(x)
        return {"logits": logits, "boxes": self.box(x).sigmoid(), "hidden": hidden}


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.det = Detector()

    def forward(self, x):
        out = self.det(x)
        return out["logits"].sum(-1) + out["boxes"].sum(-1)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
