# ruff: noqa  (a probe is written as users write models)
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {
    "gelu": F.gelu,
    "gelu_tanh": partial(F.gelu, approximate="tanh"),
    "leaky": partial(F.leaky_relu, negative_slope=0.2),
    "silu": F.silu,
}


class FeedForward(nn.Module):
    def __init__(self, dim=8, mult=2, act="gelu_tanh"):
        super().__init__()
        self.w1 = nn.Linear(dim, dim * mult)
        self.w2 = nn.Linear(dim * mult, dim)
        self.act = ACTIVATIONS[act]

    def forward(self, x):
        return x + self.w2(self.act(self.w1(x)))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(8)
        self.ff1 = FeedForward(act="gelu_tanh")
        self.ff2 = FeedForward(act="leaky")

    def forward(self, x):
        return self.ff2(self.ff1(self.norm(x)))


Model = Block


def inputs():
    torch.manual_seed(28)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 4, 8),)]
