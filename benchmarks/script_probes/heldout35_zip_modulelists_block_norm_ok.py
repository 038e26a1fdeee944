# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class PreNormStack(nn.Module):
    """Residual stack whose blocks and norms live in two parallel ModuleLists walked with zip."""

    def __init__(self, dim: int = 8, depth: int = 3):
        super().__init__()
        self.blocks = nn.ModuleList(
            [
                nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))
                for _ in range(depth)
            ]
        )
        self.norms = nn.ModuleList([nn.LayerNorm(dim) for _ in range(depth)])

    def forward(self, x: Tensor) -> Tensor:
        for block, norm in zip(self.blocks, self.norms):
            x = x + block(norm(x))
        return x


Model = PreNormStack


def inputs():
    torch.manual_seed(3517)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 7, 8),)]
