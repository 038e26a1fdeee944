# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Conv1dSame(nn.Conv1d):
    def forward(self, x):
        return super().forward(nn.functional.pad(x, (1, 1)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = Conv1dSame(1, 1, 3)

    def forward(self, x):
        return self.conv(x.unsqueeze(1)).squeeze(1)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
