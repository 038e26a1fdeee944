import torch
import torch.nn.functional as F
from torch import Tensor, nn


class CachedSelfAttention(nn.Module):
    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.cache_k = None
        self.cache_v = None

    def _split(self, t: Tensor) -> Tensor:
        b, n, _ = t.shape
        return t.view(b, n, self.heads, -1).transpose(1, 2)

    def forward(self, x: Tensor) -> Tensor:
        q, k, v = map(self._split, self.qkv(x).chunk(3, dim=-1))
        self.cache_k, self.cache_v = k.detach(), v.detach()
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out(y.transpose(1, 2).flatten(2))


class Block(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.ln = nn.LayerNorm(dim)
        self.attn = CachedSelfAttention(dim)

    def forward(self, x: Tensor) -> Tensor:
        return x + self.attn(self.ln(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block())

    def forward(self, x: Tensor) -> Tensor:
        return self.blocks(x)


def inputs():
    return [(torch.randn(1, 4, 8),), (torch.randn(2, 6, 8),)]
