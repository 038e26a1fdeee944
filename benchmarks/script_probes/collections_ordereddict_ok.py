# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from collections import OrderedDict
from typing import Dict

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        groups: Dict[str, torch.Tensor] = OrderedDict()
        groups["a"] = x * 2
        return groups["a"]


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
