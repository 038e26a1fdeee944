# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 4)

    def forward(self, x):
        feats = [self.a(x), self.b(x)]
        reg = sum(f.pow(2).mean() for f in feats)
        return feats[0] + reg


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
