# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def add_bias(self, x: torch.Tensor, bias: Optional[torch.Tensor] = None) -> torch.Tensor:
        return x + bias

    def forward(self, x):
        return self.add_bias(self.fc(x), x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
