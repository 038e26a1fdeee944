# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class DenseChain(nn.Module):
    def __init__(self, dim: int = 4, depth: int = 3):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        prev = None
        for layer in self.layers:
            h = layer(x)
            if prev is not None:
                h = h + prev
            prev = h
            x = torch.relu(h)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.chain = DenseChain()

    def forward(self, x):
        return self.chain(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
