# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from math import log as ln


def logn_query_scale(n_ctx: int, train_ctx: int) -> float:
    """Length-extrapolation trick: sharpen attention by log_{train_ctx}(n) once the context
    grows beyond what the model was trained on."""
    return max(1.0, ln(n_ctx) / ln(train_ctx))


class SelfAttention(nn.Module):
    def __init__(self, dim: int, heads: int, train_ctx: int):
        super().__init__()
        self.heads = heads
        self.train_ctx = train_ctx
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4).unbind(0)
        q = q * logn_query_scale(n, self.train_ctx)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out(y.transpose(1, 2).reshape(b, n, d))


class Block(nn.Module):
    def __init__(self, dim: int, heads: int, train_ctx: int):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.attn = SelfAttention(dim, heads, train_ctx)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class Model(nn.Module):
    """Small causal LM trained on 16-token contexts, served on longer prompts."""

    def __init__(self, vocab: int = 100, dim: int = 32, heads: int = 4, depth: int = 2):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList([Block(dim, heads, train_ctx=16) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, vocab, bias=False)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        x = self.tok(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x))


def inputs():
    torch.manual_seed(6007)
    return [(torch.randint(0, 100, (2, 24)),), (torch.randint(0, 100, (3, 40)),)]
