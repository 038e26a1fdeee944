# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn

_ACTIVATIONS = {"gelu": F.gelu, "relu": F.relu, "silu": F.silu}


class Mlp(nn.Module):
    def __init__(self, dim=4, act="gelu"):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim * 2)
        self.fc2 = nn.Linear(dim * 2, dim)
        self.act_fn = _ACTIVATIONS[act]

    def forward(self, x):
        return self.fc2(self.act_fn(self.fc1(x)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = Mlp()

    def forward(self, x):
        return x + self.mlp(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
