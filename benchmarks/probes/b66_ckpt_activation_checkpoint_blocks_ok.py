# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint


class Block(nn.Module):
    def __init__(self, d: int):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.ff(self.norm(x))


class Model(nn.Module):
    """Residual MLP stack with non-reentrant activation checkpointing of every block."""

    def __init__(self, d: int = 4, depth: int = 2, use_checkpoint: bool = True):
        super().__init__()
        self.blocks = nn.ModuleList(Block(d) for _ in range(depth))
        self.use_checkpoint = use_checkpoint

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for blk in self.blocks:
            if self.use_checkpoint and not torch.jit.is_scripting():
                x = checkpoint(blk, x, use_reentrant=False)
            else:
                x = blk(x)
        return x


def inputs():
    torch.manual_seed(6624)
    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
