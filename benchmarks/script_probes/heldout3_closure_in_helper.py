# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def make_gate(x: torch.Tensor) -> torch.Tensor:
    scale = x.std()

    def gate(t: torch.Tensor) -> torch.Tensor:
        return t * scale

    return gate(torch.tanh(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return make_gate(self.fc(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
