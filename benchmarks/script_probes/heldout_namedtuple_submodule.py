from collections import namedtuple

# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn

HeadCfg = namedtuple("HeadCfg", "heads dim")


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = HeadCfg(2, 2)

    def forward(self, x):
        return x.reshape(x.size(0), self.cfg.heads, self.cfg.dim)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = Head()

    def forward(self, x):
        return self.head(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
