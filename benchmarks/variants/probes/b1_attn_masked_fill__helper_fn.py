import math

import torch
from torch import nn


def model_forward(self, x, mask):
    b, t, d = x.shape
    q, k, v = self.qkv(x).chunk(3, dim=-1)
    q = q.view(b, t, self.heads, d // self.heads).transpose(1, 2)
    k = k.view(b, t, self.heads, d // self.heads).transpose(1, 2)
    v = v.view(b, t, self.heads, d // self.heads).transpose(1, 2)
    att = q @ k.transpose(-2, -1) / math.sqrt(d // self.heads)
    att = att.masked_fill(mask[:, None, None, :] == 0, float("-inf"))
    att = att.softmax(dim=-1)
    out = (att @ v).transpose(1, 2).reshape(b, t, d)
    return self.proj(out)


class Model(nn.Module):
    def __init__(self, dim: int = 16, heads: int = 4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, mask):
        return model_forward(self, x, mask)


def inputs():
    return [
        (torch.randn(2, 5, 16), torch.ones(2, 5)),
        (torch.randn(3, 7, 16), torch.tensor([[1.0] * 7, [1.0] * 6 + [0.0], [1.0] * 3 + [0.0] * 4])),
    ]
