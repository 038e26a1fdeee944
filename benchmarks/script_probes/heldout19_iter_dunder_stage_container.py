# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class Stage(nn.Module):
    """A stage holding its blocks; iterable like a list of blocks."""

    def __init__(self, ch: int = 4, depth: int = 2):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Conv2d(ch, ch, 3, padding=1) for _ in range(depth)])

    def __iter__(self):
        return iter(self.blocks)

    def forward(self, x: Tensor) -> Tensor:
        for blk in self.blocks:
            x = x + torch.relu(blk(x))
        return x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stage = Stage()

    def forward(self, x: Tensor) -> Tensor:
        feats = []
        for blk in self.stage:
            x = blk(x)
            feats.append(x.mean((2, 3)))
        return torch.cat(feats, 1)


Model = Net


def inputs():
    torch.manual_seed(1941)
    return [(torch.randn(1, 4, 5, 5),), (torch.randn(2, 4, 3, 6),)]
