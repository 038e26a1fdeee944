# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class RMSNorm(nn.Module):
    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.norm = RMSNorm()

    def forward(self, x):
        y = self.fc(x)
        if isinstance(self.norm, RMSNorm):
            y = y * 2
        return self.norm(y)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
