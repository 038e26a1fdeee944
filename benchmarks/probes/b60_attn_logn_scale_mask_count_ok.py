# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def logn_query_scale(n_valid: torch.Tensor, train_ctx: int) -> torch.Tensor:
    """Length-extrapolation trick: sharpen attention by log_{train_ctx}(n) per sequence, n being
    the number of real (unpadded) tokens, so padding to a bucket does not change the scale."""
    return (torch.log(n_valid.clamp_min(1.0)) / math.log(train_ctx)).clamp_min(1.0)


class SelfAttention(nn.Module):
    def __init__(self, dim: int, heads: int, train_ctx: int):
        super().__init__()
        self.heads = heads
        self.train_ctx = train_ctx
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4).unbind(0)
        scale = logn_query_scale(keep.sum(-1).to(x.dtype), self.train_ctx)
        q = q * scale.view(b, 1, 1, 1)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=keep[:, None, None, :])
        return self.out(y.transpose(1, 2).reshape(b, n, d))


class Block(nn.Module):
    def __init__(self, dim: int, heads: int, train_ctx: int):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.attn = SelfAttention(dim, heads, train_ctx)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.ln1(x), keep)
        return x + self.mlp(self.ln2(x))


class Model(nn.Module):
    """Small bidirectional encoder trained on 16-token inputs, served on longer padded ones."""

    def __init__(self, vocab: int = 100, dim: int = 32, heads: int = 4, depth: int = 2, pad_id: int = 0):
        super().__init__()
        self.pad_id = pad_id
        self.tok = nn.Embedding(vocab, dim, padding_idx=pad_id)
        self.blocks = nn.ModuleList([Block(dim, heads, train_ctx=16) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        keep = ids != self.pad_id
        x = self.tok(ids)
        for blk in self.blocks:
            x = blk(x, keep)
        x = self.norm(x) * keep.unsqueeze(-1)
        return x.sum(1) / keep.sum(1, keepdim=True).clamp_min(1)


def inputs():
    torch.manual_seed(6008)
    a = torch.randint(1, 100, (2, 24))
    a[1, 18:] = 0
    b = torch.randint(1, 100, (3, 40))
    b[0, 30:] = 0
    return [(a,), (b,)]
