# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class RunningScale(nn.Module):
    momentum: torch.jit.Final[float]

    def __init__(self, dim: int = 4, momentum: float = 0.9):
        super().__init__()
        self.momentum = momentum
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.fc(x)
        if not self.training:
            self.momentum = 1.0
        return y * self.momentum + x * (1.0 - self.momentum)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = RunningScale()

    def forward(self, x):
        return self.scale(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
