# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SelfAttention(nn.Module):
    def __init__(self, dim: int, heads: int):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def split_heads(self, t: torch.Tensor) -> torch.Tensor:
        new_shape = t.shape[:-1] + (self.heads, -1)
        return t.view(new_shape).transpose(1, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = self.split_heads(q), self.split_heads(k), self.split_heads(v)
        att = torch.softmax(q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5, dim=-1)
        return self.out((att @ v).transpose(1, 2).flatten(2))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = SelfAttention(32, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.attn(x)


def inputs():
    torch.manual_seed(6306)
    return [(torch.randn(2, 7, 32),), (torch.randn(1, 12, 32),)]
