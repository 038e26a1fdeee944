# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class EinsumAttention(nn.Module):
    def __init__(self, d: int, heads: int):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.h, -1).unbind(2)
        att = torch.einsum("bnhd,bmhd->bhnm", q, k) * q.shape[-1] ** -0.5
        out = torch.einsum("bhnm,bmhd->bnhd", att.softmax(-1), v)
        return self.o(out.reshape(b, n, -1))


class Model(nn.Module):
    """Multi-head attention written with einsum."""

    def __init__(self):
        super().__init__()
        self.attn = EinsumAttention(8, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.attn(x)


def inputs():
    torch.manual_seed(6526)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 7, 8),)]
