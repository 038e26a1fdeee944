import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Block(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.ff(x)


class Model(nn.Module):
    def __init__(self, depth: int = 3, grad_checkpointing: bool = True):
        super().__init__()
        self.grad_checkpointing = grad_checkpointing
        self.blocks = nn.ModuleList([Block() for _ in range(depth)])

    def forward(self, x):
        for blk in self.blocks:
            if self.grad_checkpointing and x.requires_grad and torch.is_grad_enabled():
                x = checkpoint(blk, x, use_reentrant=False)
            else:
                x = blk(x)
        return x


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
