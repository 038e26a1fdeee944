# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def flat_size(x: torch.Tensor) -> int:
    dims = list(map(int, x.shape[1:]))
    return dims[0]


class Model(nn.Module):
    def forward(self, x):
        return x.reshape(x.size(0), flat_size(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
