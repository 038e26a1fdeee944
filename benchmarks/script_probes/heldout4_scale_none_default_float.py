# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x, scale=None):
        y = self.proj(x)
        if scale is not None:
            y = y * scale
        return y


def inputs():
    return [(torch.randn(2, 4), 0.5), (torch.randn(3, 4), 2.0)]
