# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Residual(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, /, gain: float = 1.0):
        return x + gain * self.fc(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.r1 = Residual(6)
        self.r2 = Residual(6)

    def forward(self, x):
        return self.r2(self.r1(x), gain=0.5)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
