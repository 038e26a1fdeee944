# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x, mask=None):
        y = self.fc(x)
        if mask is not None:
            y = y.masked_fill(mask, 0.0)
        return y


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
