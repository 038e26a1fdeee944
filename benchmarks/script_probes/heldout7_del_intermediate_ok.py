# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class MemoryEfficientAttention(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.out = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        qkv = self.qkv(x)
        q, k, v = qkv.chunk(3, dim=-1)
        del qkv
        scores = (q @ k.transpose(-2, -1)).softmax(-1)
        out = scores @ v
        del scores
        return self.out(out)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = MemoryEfficientAttention()

    def forward(self, x):
        return self.attn(x)


def inputs():
    return [(torch.randn(1, 3, 6),), (torch.randn(2, 4, 6),)]
