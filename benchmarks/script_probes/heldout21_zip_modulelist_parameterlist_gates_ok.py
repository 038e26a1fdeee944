# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class GatedStack(nn.Module):
    def __init__(self, dim: int = 8, depth: int = 3):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
        self.gates = nn.ParameterList([nn.Parameter(torch.full((dim,), 0.1)) for _ in range(depth)])

    def forward(self, x: Tensor) -> Tensor:
        for block, gate in zip(self.blocks, self.gates):
            x = x + gate * torch.tanh(block(x))
        return x


Model = GatedStack


def inputs():
    torch.manual_seed(2108)
    return [(torch.randn(2, 8),), (torch.randn(4, 3, 8),)]
