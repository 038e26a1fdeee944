# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class ResidualStage(nn.Module):
    def __init__(self, dim: int = 6, use_skip: bool = True):
        super().__init__()
        self.use_skip = use_skip
        self.fc1 = nn.Linear(dim, dim)
        self.fc2 = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.use_skip:
            shortcut = x
        h = torch.relu(self.fc1(x))
        h = self.fc2(h)
        if self.use_skip:
            h = h + shortcut
        return h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stage = ResidualStage()

    def forward(self, x):
        return self.stage(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
