# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn

ACT2FN = {"gelu": F.gelu, "relu": F.relu, "silu": F.silu}


class FeedForward(nn.Module):
    def __init__(self, dim: int, act: str = "gelu"):
        super().__init__()
        self.up = nn.Linear(dim, dim * 2)
        self.down = nn.Linear(dim * 2, dim)
        self.act = act

    def forward(self, x):
        return self.down(ACT2FN[self.act](self.up(x)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.ff = FeedForward(6, "silu")

    def forward(self, x):
        return x + self.ff(x)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
