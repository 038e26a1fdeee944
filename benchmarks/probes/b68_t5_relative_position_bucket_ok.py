# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


def relative_position_bucket(
    relative_position: torch.Tensor, num_buckets: int = 8, max_distance: int = 32
) -> torch.Tensor:
    """T5's bidirectional bucketing: exact buckets for small offsets, log-spaced beyond."""
    num_buckets = num_buckets // 2
    buckets = (relative_position > 0).to(torch.long) * num_buckets
    n = relative_position.abs()
    max_exact = num_buckets // 2
    is_small = n < max_exact
    log_ratio = torch.log(n.float() / max_exact + 1e-6) / math.log(max_distance / max_exact)
    large = max_exact + (log_ratio * (num_buckets - max_exact)).to(torch.long)
    large = torch.min(large, torch.full_like(large, num_buckets - 1))
    return buckets + torch.where(is_small, n, large)


class RelativeBias(nn.Module):
    def __init__(self, heads: int = 2, num_buckets: int = 8):
        super().__init__()
        self.num_buckets = num_buckets
        self.table = nn.Embedding(num_buckets, heads)

    def forward(self, q_len: int, k_len: int, device: torch.device) -> torch.Tensor:
        ctx = torch.arange(q_len, dtype=torch.long, device=device)[:, None]
        mem = torch.arange(k_len, dtype=torch.long, device=device)[None, :]
        bucket = relative_position_bucket(mem - ctx, num_buckets=self.num_buckets)
        return self.table(bucket).permute(2, 0, 1).unsqueeze(0)


class Model(nn.Module):
    def __init__(self, d: int = 8, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.bias = RelativeBias(heads)
        self.out = nn.Linear(d, d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4).unbind(0)
        scores = q @ k.transpose(-1, -2) + self.bias(n, n, x.device)
        y = scores.softmax(-1) @ v
        return self.out(y.transpose(1, 2).reshape(b, n, d))


def inputs():
    torch.manual_seed(6825)
    return [(torch.randn(2, 6, 8),), (torch.randn(1, 13, 8),)]
