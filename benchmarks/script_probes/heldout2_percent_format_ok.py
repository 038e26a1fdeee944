# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        name = "layer_%d" % x.size(0)
        if name.startswith("layer"):
            x = x + 1
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
