# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Dropoutish(nn.Module):
    def __init__(self, p: float = 0.25):
        super().__init__()
        if not 0.0 <= p < 1.0:
            raise ValueError("bad p")
        self.p = p

    def forward(self, x):
        if self.training and 0.0 < self.p < 1.0:
            return x * (1.0 - self.p)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.drop = Dropoutish(0.25)

    def forward(self, x):
        n = x.shape[0]
        if 1 < n <= 4:
            x = x * 2.0
        return self.drop(self.fc(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(6, 4),)]
