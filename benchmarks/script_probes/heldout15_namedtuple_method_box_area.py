# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple

import torch
import torch.nn as nn
from torch import Tensor


class Boxes(NamedTuple):
    xyxy: Tensor
    scores: Tensor

    def area(self) -> Tensor:
        wh = (self.xyxy[:, 2:] - self.xyxy[:, :2]).clamp(min=0)
        return wh[:, 0] * wh[:, 1]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.reg = nn.Linear(8, 4)
        self.cls = nn.Linear(8, 1)

    def forward(self, x):
        boxes = Boxes(self.reg(x).abs().cumsum(-1), self.cls(x).sigmoid().squeeze(-1))
        return boxes.scores * boxes.area()


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 8),), (torch.randn(7, 8),)]
