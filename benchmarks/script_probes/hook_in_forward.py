# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Tuple

import torch
from torch import nn


def double(module: nn.Module, args: Tuple[torch.Tensor], out: torch.Tensor) -> torch.Tensor:
    return out * 2


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        self.fc.register_forward_hook(double)
        return self.fc(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
