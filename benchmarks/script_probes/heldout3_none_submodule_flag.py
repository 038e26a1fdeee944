# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, use_proj=False):
        super().__init__()
        self.use_proj = use_proj
        self.fc = nn.Linear(4, 4)
        self.proj = nn.Linear(4, 4) if use_proj else None

    def forward(self, x):
        x = self.fc(x)
        if self.use_proj:
            x = self.proj(x)
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
