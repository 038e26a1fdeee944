# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Scale:
    def __init__(self, gain: float, bias: float = 0.0):
        self.gain = gain
        self.bias = bias

    def __call__(self, x: torch.Tensor) -> torch.Tensor:
        return x * self.gain + self.bias


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = Scale(2.0)

    def forward(self, x):
        return self.scale(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
