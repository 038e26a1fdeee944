# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def squared_relu(x: Tensor) -> Tensor:
    return torch.relu(x) ** 2


def star_relu(x: Tensor) -> Tensor:
    return 0.8944 * torch.relu(x) ** 2 - 0.4472


class Mlp(nn.Module):
    """MLP that resolves its activation function by name from the module's globals()."""

    def __init__(self, dim: int = 4, act: str = "squared_relu"):
        super().__init__()
        self.act = act
        self.fc1 = nn.Linear(dim, dim * 2)
        self.fc2 = nn.Linear(dim * 2, dim)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc2(globals()[self.act](self.fc1(x)))


Model = Mlp


def inputs():
    torch.manual_seed(3136)
    return [(torch.randn(2, 4),), (torch.randn(3, 2, 4),)]
