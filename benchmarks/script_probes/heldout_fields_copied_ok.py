from collections import namedtuple

# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn

HeadCfg = namedtuple("HeadCfg", "heads dim")


class Model(nn.Module):
    def __init__(self, cfg=HeadCfg(2, 2)):
        super().__init__()
        self.heads = cfg.heads
        self.dim = cfg.dim

    def forward(self, x):
        return x.reshape(x.size(0), self.heads, self.dim)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
