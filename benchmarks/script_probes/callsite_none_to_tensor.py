# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def attend(x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return x.masked_fill(mask, 0.0)


class Model(nn.Module):
    def forward(self, x):
        return attend(x, None)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
