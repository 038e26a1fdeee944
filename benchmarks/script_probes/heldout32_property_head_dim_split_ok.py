# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class MultiHeadSplit(nn.Module):
    """Splits projected tokens into heads; the head size is a property of the config."""

    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.dim = dim
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)

    @property
    def head_dim(self) -> int:
        return self.dim // self.heads

    def forward(self, x: Tensor) -> Tensor:
        b, n, _ = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, self.head_dim).unbind(2)
        att = torch.softmax(q.transpose(1, 2) @ k.permute(0, 2, 3, 1) * self.head_dim**-0.5, -1)
        return (att @ v.transpose(1, 2)).transpose(1, 2).reshape(b, n, self.dim)


Model = MultiHeadSplit


def inputs():
    torch.manual_seed(3220)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
