# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math

import torch
from torch import nn


def sinusoid(n: int, dim: int) -> torch.Tensor:
    pos = torch.arange(n, dtype=torch.get_default_dtype())[:, None]
    freq = torch.exp(
        torch.arange(0, dim, 2, dtype=torch.get_default_dtype()) * (-math.log(10000.0) / dim)
    )
    return torch.cat([torch.sin(pos * freq), torch.cos(pos * freq)], dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.dim = 6
        self.fc = nn.Linear(6, 6)

    def forward(self, x):
        return self.fc(x + sinusoid(x.shape[1], self.dim))


def inputs():
    return [(torch.randn(2, 3, 6),), (torch.randn(1, 5, 6),)]
