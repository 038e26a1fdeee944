import torch
import torch.nn.functional as F
from torch import nn


def pad_to_multiple(x, multiple, dim=1):
    remainder = x.shape[dim] % multiple
    if remainder == 0:  # breaks: trace
        return x
    pad = [0, 0] * (x.dim() - dim - 1) + [0, multiple - remainder]
    return F.pad(x, pad)


class Model(nn.Module):
    def __init__(self, dim: int = 8, block: int = 4):
        super().__init__()
        self.block = block
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        x = pad_to_multiple(self.proj(x), self.block)
        b, n, d = x.shape
        blocks = x.view(b, n // self.block, self.block, d)
        return blocks.mean(dim=2)


def inputs():
    return [(torch.randn(2, 8, 8),), (torch.randn(2, 10, 8),)]
