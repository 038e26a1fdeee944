# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.widths = [4, 8]

    @property
    def out_dim(self) -> int:
        def last(values):
            return values[-1]

        return last(self.widths)

    def forward(self, x):
        return self.fc(x) * self.out_dim


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
