# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import NamedTuple

import torch
import torch.nn as nn


class DetOutput(NamedTuple):
    logits: torch.Tensor
    boxes: torch.Tensor


class DetHead(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.cls = nn.Linear(dim, 3)
        self.box = nn.Linear(dim, 4)

    def forward(self, x: torch.Tensor) -> DetOutput:
        return DetOutput(self.cls(x), self.box(x).sigmoid())


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = DetHead()

    def forward(self, x):
        out = self.head(x)._asdict()
        return out["logits"].sum(-1) + out["boxes"].sum(-1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
