# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def split_heads(x, sizes):
    parts = torch.split(x, sizes, dim=-1)
    return parts[0] * parts[1].sum(-1, keepdim=True)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return split_heads(self.fc(x), [2, 2])


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
