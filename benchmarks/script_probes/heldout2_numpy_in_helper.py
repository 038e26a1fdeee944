# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import numpy as np
import torch
from torch import nn


def scale_for(x: torch.Tensor) -> float:
    return float(np.sqrt(x.size(-1)))


class Model(nn.Module):
    def forward(self, x):
        return x / scale_for(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
