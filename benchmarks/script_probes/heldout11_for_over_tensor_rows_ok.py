# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class RowGate(nn.Module):
    def __init__(self, dim: int = 5):
        super().__init__()
        self.gate = nn.Linear(dim, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        rows = []
        for row in x:
            g = torch.sigmoid(self.gate(row))
            rows.append(row * g)
        return torch.stack(rows)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = RowGate()

    def forward(self, x):
        return self.gate(x).sum(-1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 5),), (torch.randn(6, 5),)]
