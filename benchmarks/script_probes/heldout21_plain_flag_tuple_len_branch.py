# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, Tensor


class AttnBlock(nn.Module):
    def __init__(self, dim: int = 8, return_attn: bool = False):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.return_attn = return_attn
        self.scale = dim ** -0.5

    def forward(self, x: Tensor):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1) * self.scale).softmax(-1)
        out = attn @ v
        if self.return_attn:
            return out, attn
        return (out,)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = AttnBlock()

    def forward(self, x: Tensor) -> Tensor:
        res = self.block(x)
        return res[0]


def inputs():
    torch.manual_seed(2131)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 6, 8),)]
