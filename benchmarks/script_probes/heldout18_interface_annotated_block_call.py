# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


@torch.jit.interface
class BlockInterface(nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        pass


class ResidualMLP(nn.Module):
    def __init__(self, dim=12):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        return x + F.gelu(self.fc(x))


class AnytimeEncoder(nn.Module):
    def __init__(self, dim=12, depth=3):
        super().__init__()
        self.blocks = nn.ModuleList([ResidualMLP(dim) for _ in range(depth)])

    def forward(self, x: Tensor, depth: int) -> Tensor:
        for i in range(depth):
            block: BlockInterface = self.blocks[i]
            x = block(x)
        return x


Model = AnytimeEncoder


def inputs():
    torch.manual_seed(183)
    return [(torch.randn(2, 5, 12), 1), (torch.randn(1, 3, 12), 3)]
