# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from collections import defaultdict

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        groups = defaultdict(list)
        groups["a"].append(x)
        return torch.cat(groups["a"])


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
