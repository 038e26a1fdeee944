# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class MultiHead(nn.Module):
    def __init__(self, dim: int = 8, n: int = 3):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(dim, 2) for _ in range(n)])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        outs = [head(x) for head in self.heads]
        return torch.stack(outs, dim=1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Linear(4, 8)
        self.heads = MultiHead()

    def forward(self, x):
        return self.heads(torch.relu(self.trunk(x)))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
