# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import NamedTuple
import torch
from torch import nn


class HeadOut(NamedTuple):
    logits: torch.Tensor
    scale: float


class Head(nn.Module):
    def __init__(self, dim: int = 8, classes: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, classes)
        self.temperature = 2.0

    def forward(self, x: torch.Tensor) -> HeadOut:
        out = HeadOut(self.fc(x), 1.0)
        if self.training is False:
            out = out._replace(logits=out.logits / self.temperature, scale=self.temperature)
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = Head()
        self.eval()

    def forward(self, x):
        out = self.head(x)
        return out.logits * out.scale


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
