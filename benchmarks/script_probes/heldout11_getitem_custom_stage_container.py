# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Stages(nn.Module):
    def __init__(self, dims=(4, 6, 8)):
        super().__init__()
        self.s0 = nn.Linear(dims[0], dims[1])
        self.s1 = nn.Linear(dims[1], dims[2])

    def __getitem__(self, idx: int) -> nn.Module:
        return self.s0 if idx == 0 else self.s1

    def forward(self, x):
        return self.s1(self.s0(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = Stages()
        self.head = nn.Linear(6, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        early = self.stages[0](x)
        return self.head(torch.relu(early))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
