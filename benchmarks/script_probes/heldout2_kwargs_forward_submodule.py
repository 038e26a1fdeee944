# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x, **kwargs):
        return self.proj(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attn()

    def forward(self, x):
        return self.attn(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
