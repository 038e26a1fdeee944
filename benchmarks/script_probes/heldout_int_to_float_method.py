# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def rescale(self, x: torch.Tensor, gain: float) -> torch.Tensor:
        return x * gain

    def forward(self, x):
        return self.rescale(x, 1) + self.rescale(x, 2.0)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
