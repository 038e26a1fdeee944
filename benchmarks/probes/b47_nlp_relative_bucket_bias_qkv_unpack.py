# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def relative_position_bucket(relative_position: Tensor, bidirectional: bool = True, num_buckets: int = 32, max_distance: int = 128) -> Tensor:
    """Exact buckets for small offsets, log-spaced buckets up to max_distance (Raffel et al. 2020, sec. 2.1)."""
    ret = torch.zeros_like(relative_position)
    n = -relative_position
    if bidirectional:
        num_buckets //= 2
        ret = ret + (n < 0).long() * num_buckets
        n = n.abs()
    else:
        n = n.clamp(min=0)
    max_exact = num_buckets // 2
    is_small = n < max_exact
    val_if_large = max_exact + (
        torch.log(n.float() / max_exact + 1e-6) / math.log(max_distance / max_exact) * (num_buckets - max_exact)
    ).long()
    val_if_large = torch.minimum(val_if_large, torch.full_like(val_if_large, num_buckets - 1))
    return ret + torch.where(is_small, n, val_if_large)


class RelativeBias(nn.Module):
    def __init__(self, n_heads: int, num_buckets: int = 16, max_distance: int = 32, causal: bool = False):
        super().__init__()
        self.num_buckets = num_buckets
        self.max_distance = max_distance
        self.causal = causal
        self.relative_attention_bias = nn.Embedding(num_buckets, n_heads)

    def forward(self, qlen: int, klen: int, device: torch.device) -> Tensor:
        q_pos = torch.arange(qlen, dtype=torch.long, device=device)
        k_pos = torch.arange(klen, dtype=torch.long, device=device)
        rel_pos = k_pos[None, :] - q_pos[:, None]
        rp_bucket = relative_position_bucket(rel_pos, not self.causal, self.num_buckets, self.max_distance)
        values = self.relative_attention_bias(rp_bucket)  # q, k, h
        return values.permute(2, 0, 1).unsqueeze(0)


class EncoderSelfAttention(nn.Module):
    def __init__(self, d_model=16, n_heads=2):
        super().__init__()
        self.n_heads = n_heads
        self.d_head = d_model // n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model, bias=False)
        self.o = nn.Linear(d_model, d_model, bias=False)
        self.rel_bias = RelativeBias(n_heads)

    def forward(self, x: Tensor, attention_mask: Tensor) -> Tensor:
        b, t, _ = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.n_heads, self.d_head).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-1, -2)  # no 1/sqrt(d) scaling in this family
        scores = scores + self.rel_bias(t, t, x.device)
        scores = scores.masked_fill(~attention_mask[:, None, None, :].bool(), torch.finfo(scores.dtype).min)
        attn = F.softmax(scores.float(), dim=-1).type_as(scores)
        out = (attn @ v).transpose(1, 2).reshape(b, t, -1)
        return self.o(out)


Model = EncoderSelfAttention


def inputs():
    torch.manual_seed(4722)
    m2 = torch.ones(2, 40, dtype=torch.long); m2[1, 30:] = 0
    return [(torch.randn(1, 6, 16), torch.ones(1, 6, dtype=torch.long)), (torch.randn(2, 40, 16), m2)]
