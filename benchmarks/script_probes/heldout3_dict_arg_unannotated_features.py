# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, feats):
        return self.fc(feats["low"]) + feats["high"]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = Head()

    def forward(self, x):
        return self.head({"low": x, "high": x * 2})


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
