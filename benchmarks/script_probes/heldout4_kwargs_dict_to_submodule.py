# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x, scale: float = 1.0, shift: float = 0.0):
        return self.fc(x) * scale + shift


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.block_kwargs = {"scale": 0.5, "shift": 1.0}

    def forward(self, x):
        return self.block(x, **self.block_kwargs)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
