# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def scaled(self, x: torch.Tensor, factor: float) -> torch.Tensor:
        return x * factor

    def forward(self, x):
        return self.scaled(x, 2)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
