# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def stable_softmax(x: Tensor, dim: int = -1) -> Tensor:
    acc = torch.promote_types(x.dtype, torch.float32)
    return torch.softmax(x.to(acc), dim=dim).to(x.dtype)


class Attention(nn.Module):
    def __init__(self, d: int = 8, heads: int = 2):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)

    def forward(self, x: Tensor) -> Tensor:
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.h, d // self.h).permute(2, 0, 3, 1, 4).unbind(0)
        attn = stable_softmax(q @ k.transpose(-2, -1) * (d // self.h) ** -0.5)
        return self.out((attn @ v).transpose(1, 2).reshape(b, n, d))


Model = Attention


def inputs():
    torch.manual_seed(5115)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 7, 8),)]
