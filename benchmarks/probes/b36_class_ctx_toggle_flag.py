# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn


class use_residual:
    """Temporarily switches a block's residual connection on or off."""

    def __init__(self, block, enabled):
        self.block = block
        self.enabled = enabled

    def __enter__(self):
        self.prev = self.block.residual
        self.block.residual = self.enabled
        return self.block

    def __exit__(self, *exc):
        self.block.residual = self.prev
        return False


class Block(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.residual = True

    def forward(self, x):
        h = torch.tanh(self.fc(x))
        return x + h if self.residual else h


class TwoPass(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.block = Block(dim)

    def forward(self, x):
        with use_residual(self.block, False) as blk:
            first = blk(x)
        return self.block(first)


Model = TwoPass


def inputs():
    torch.manual_seed(3626)
    return [(torch.randn(2, 8),), (torch.randn(2, 8),), (torch.randn(4, 8),)]
