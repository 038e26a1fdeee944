# ruff: noqa  (a probe is written as users write models)
from functools import singledispatch

import torch
from torch import nn


@singledispatch
def to_batch(x):
    raise TypeError(f"unsupported input {type(x)}")


@to_batch.register
def _(x: torch.Tensor):
    return x if x.dim() == 2 else x.unsqueeze(0)


@to_batch.register
def _(x: list):
    return torch.stack(x, 0)


class DispatchingEncoder(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, 4)

    def forward(self, x):
        return self.fc(to_batch(x))


Model = DispatchingEncoder


def inputs():
    torch.manual_seed(3628)
    return [(torch.randn(3, 8),), (torch.randn(3, 8),), (torch.randn(5, 8),)]
