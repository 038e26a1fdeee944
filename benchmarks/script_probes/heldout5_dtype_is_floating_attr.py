# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def to_float_if_needed(x: torch.Tensor) -> torch.Tensor:
    if not x.dtype.is_floating_point:
        x = x.float()
    return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(to_float_if_needed(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.arange(12).reshape(3, 4),)]
