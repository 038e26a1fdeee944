# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


@torch.jit.ignore
def mean_scale(x: torch.Tensor) -> float:
    return float(sorted(x.shape, key=lambda d: -d)[0])


class Model(nn.Module):
    def forward(self, x):
        return x / mean_scale(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
