# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class ScaledBlock(nn.Module):
    residual_scale = 0.5

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return x + type(self).residual_scale * self.fc(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(ScaledBlock(), ScaledBlock())

    def forward(self, x):
        return self.blocks(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
