# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class HeadSplitter(nn.Module):
    """Splits the last axis into (heads, head_dim) for any number of leading axes, with the
    torch.Size slice + tuple idiom."""

    def __init__(self, heads: int = 2):
        super().__init__()
        self.heads = heads

    def forward(self, x: Tensor) -> Tensor:
        return x.view(x.shape[:-1] + (self.heads, -1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(6, 8)
        self.split = HeadSplitter(2)

    def forward(self, x: Tensor) -> Tensor:
        return self.split(self.proj(x)).softmax(-1)


Model = Block


def inputs():
    torch.manual_seed(3222)
    return [(torch.randn(2, 3, 6),), (torch.randn(4, 6),)]
