# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    @torch.jit.export
    def encode(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(self.fc(x))

    def forward(self, x):
        return self.encode(x) + self.encode(-x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
