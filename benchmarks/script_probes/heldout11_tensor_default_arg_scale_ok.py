# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class Residual(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, gamma: torch.Tensor = torch.tensor(0.1)) -> torch.Tensor:
        return x + gamma * self.fc(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Residual()
        self.b = Residual()

    def forward(self, x):
        return self.b(self.a(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(6, 4),)]
