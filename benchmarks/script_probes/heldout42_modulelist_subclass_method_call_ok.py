# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class BlockStack(nn.ModuleList):
    """A list of residual blocks that knows how to run itself and collect every block's output."""

    def run(self, x: Tensor) -> Tensor:
        for block in self:
            x = x + block(x)
        return x


class Encoder(nn.Module):
    def __init__(self, dim: int = 8, depth: int = 3):
        super().__init__()
        self.blocks = BlockStack(
            [nn.Sequential(nn.Linear(dim, dim), nn.GELU()) for _ in range(depth)]
        )
        self.norm = nn.LayerNorm(dim)

    def forward(self, x: Tensor) -> Tensor:
        return self.norm(self.blocks.run(x))


Model = Encoder


def inputs():
    torch.manual_seed(4203)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 8),)]
