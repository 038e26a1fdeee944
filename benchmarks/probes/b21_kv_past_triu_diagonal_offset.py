import math

import torch
import torch.nn as nn
from torch import Tensor


class CachedSelfAttention(nn.Module):
    def __init__(self, dim: int = 16, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def _split(self, t: Tensor) -> Tensor:
        b, n, _ = t.shape
        return t.view(b, n, self.heads, -1).transpose(1, 2)

    def forward(self, x: Tensor, past_k: Tensor, past_v: Tensor):
        q, k, v = map(self._split, self.qkv(x).chunk(3, dim=-1))
        k = torch.cat([past_k, k], dim=2)
        v = torch.cat([past_v, v], dim=2)
        q_len, kv_len = q.shape[2], k.shape[2]
        blocked = torch.triu(
            torch.ones(q_len, kv_len, dtype=torch.bool, device=x.device), diagonal=kv_len - q_len + 1
        )
        scores = (q @ k.transpose(-1, -2)) / math.sqrt(q.shape[-1])
        attn = scores.masked_fill(blocked, float("-inf")).softmax(dim=-1)
        y = (attn @ v).transpose(1, 2).flatten(2)
        return self.out(y), k, v


Model = CachedSelfAttention


def inputs():
    torch.manual_seed(47)
    return [
        (torch.randn(2, 3, 16), torch.randn(2, 2, 4, 8), torch.randn(2, 2, 4, 8)),
        (torch.randn(2, 3, 16), torch.randn(2, 2, 7, 8), torch.randn(2, 2, 7, 8)),
        (torch.randn(1, 1, 16), torch.randn(1, 2, 9, 8), torch.randn(1, 2, 9, 8)),
    ]
