# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def gelu_tanh(x: torch.Tensor) -> torch.Tensor:
    c = (2.0 / torch.pi) ** 0.5
    return 0.5 * x * (1.0 + torch.tanh(c * (x + 0.044715 * x.pow(3))))


class MLP(nn.Module):
    def __init__(self, dim: int = 4, hidden: int = 8):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.fc2(gelu_tanh(self.fc1(x)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = MLP()

    def forward(self, x):
        return x + self.mlp(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
