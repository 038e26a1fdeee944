# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Attention whose head size and softmax scale are read-only properties of the config ints."""

    def __init__(self, dim: int = 32, heads: int = 4):
        super().__init__()
        self.dim = dim
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)

    @property
    def head_dim(self) -> int:
        return self.dim // self.heads

    @property
    def scale(self) -> float:
        return self.head_dim**-0.5

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, _ = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4).unbind(0)
        att = (q @ k.transpose(-2, -1) * self.scale).softmax(-1)
        return (att @ v).transpose(1, 2).reshape(b, n, self.dim)


def inputs():
    torch.manual_seed(6323)
    return [(torch.randn(2, 5, 32),), (torch.randn(1, 9, 32),)]
