# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        def double(t: torch.Tensor) -> torch.Tensor:
            return t * 2

        return double(x) + 1


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
