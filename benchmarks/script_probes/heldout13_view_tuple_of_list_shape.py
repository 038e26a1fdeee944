# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class HeadSplit(nn.Module):
    def __init__(self, heads: int = 2):
        super().__init__()
        self.heads = heads

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shape = list(x.shape[:-1])
        shape.append(self.heads)
        shape.append(x.size(-1) // self.heads)
        return x.view(tuple(shape)).transpose(-2, -3)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.split = HeadSplit()

    def forward(self, x):
        return self.split(self.proj(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
