# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.to_qkv = nn.Linear(dim, dim * 3, bias=False)
        self.scale = dim**-0.5

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        sim = (q @ k.transpose(-1, -2)) * self.scale
        attn = sim.float().softmax(dim=-1).type(q.dtype)
        return attn @ v


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention(6)

    def forward(self, x):
        return self.attn(x)


def inputs():
    return [(torch.randn(1, 3, 6),), (torch.randn(2, 4, 6),)]
