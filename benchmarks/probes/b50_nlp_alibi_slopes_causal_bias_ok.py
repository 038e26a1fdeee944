# ruff: noqa  (a probe is written as users write models)
import math
from typing import List, Optional

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def get_alibi_slopes(n_heads: int) -> List[float]:
    def get_slopes_power_of_2(n: int) -> List[float]:
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start**i for i in range(n)]

    if math.log2(n_heads).is_integer():
        return get_slopes_power_of_2(n_heads)
    closest = 2 ** math.floor(math.log2(n_heads))
    return get_slopes_power_of_2(closest) + get_alibi_slopes(2 * closest)[0::2][: n_heads - closest]


class AlibiSelfAttention(nn.Module):
    def __init__(self, d_model: int = 24, n_heads: int = 6, dropout: float = 0.0):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, d_model // n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.out = nn.Linear(d_model, d_model)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("slopes", torch.tensor(get_alibi_slopes(n_heads)).view(1, n_heads, 1, 1), persistent=False)

    def alibi_bias(self, seq_len: int, device: torch.device) -> Tensor:
        pos = torch.arange(seq_len, device=device)
        rel = (pos[None, :] - pos[:, None]).abs().neg().float()
        return self.slopes * rel.view(1, 1, seq_len, seq_len)

    def forward(self, x: Tensor, attention_mask: Optional[Tensor] = None) -> Tensor:
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=2)
        q, k, v = (t.view(B, T, self.n_heads, self.head_dim).transpose(1, 2) for t in (q, k, v))
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.head_dim)
        scores = scores + self.alibi_bias(T, x.device)
        causal = torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1)
        scores = scores.masked_fill(causal, float("-inf"))
        if attention_mask is not None:
            scores = scores.masked_fill(~attention_mask[:, None, None, :].bool(), torch.finfo(scores.dtype).min)
        probs = self.dropout(F.softmax(scores, dim=-1))
        return self.out((probs @ v).transpose(1, 2).reshape(B, T, C))


class Model(nn.Module):
    def __init__(self, n_layers: int = 2):
        super().__init__()
        self.layers = nn.ModuleList(AlibiSelfAttention() for _ in range(n_layers))
        self.norms = nn.ModuleList(nn.LayerNorm(24) for _ in range(n_layers))

    def forward(self, x: Tensor, attention_mask: Optional[Tensor] = None) -> Tensor:
        for norm, layer in zip(self.norms, self.layers):
            x = x + layer(norm(x), attention_mask)
        return x


def inputs():
    torch.manual_seed(5028)
    return [
        (torch.randn(2, 5, 24), torch.tensor([[1, 1, 1, 1, 1], [1, 1, 1, 0, 0]])),
        (torch.randn(1, 8, 24), torch.ones(1, 8, dtype=torch.long)),
    ]
