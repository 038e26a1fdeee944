# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class BaseBlock(nn.Module):
    def __init__(self, dim: int = 8):
        super(BaseBlock, self).__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(self.fc(x))


class ResidualBlock(BaseBlock):
    def __init__(self, dim: int = 8):
        super(ResidualBlock, self).__init__(dim)
        self.gamma = nn.Parameter(torch.full((dim,), 0.5))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.gamma * super(ResidualBlock, self).forward(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(ResidualBlock(), ResidualBlock())

    def forward(self, x):
        return self.blocks(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
