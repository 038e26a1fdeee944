# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def skew(rel: torch.Tensor) -> torch.Tensor:
    """Music Transformer's skewing trick: (B, H, L, L) relative logits to absolute positions."""
    b, h, n, _ = rel.shape
    padded = F.pad(rel, (1, 0))
    padded = padded.reshape(b, h, n + 1, n)
    return padded[:, :, 1:, :]


class Model(nn.Module):
    def __init__(self, dim: int = 8, heads: int = 2, max_len: int = 16):
        super().__init__()
        self.heads = heads
        self.head_dim = dim // heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.rel = nn.Parameter(torch.randn(max_len, dim // heads))
        self.out = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, d = x.shape
        q, k, v = self.qkv(x).reshape(b, n, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4).unbind(0)
        er = self.rel[-n:]
        srel = skew(torch.einsum("bhqd,kd->bhqk", q, er))
        logits = (q @ k.transpose(-1, -2) + srel) / self.head_dim**0.5
        causal = torch.ones(n, n, dtype=torch.bool, device=x.device).triu(1)
        attn = logits.masked_fill(causal, float("-inf")).softmax(-1)
        return self.out((attn @ v).transpose(1, 2).reshape(b, n, d))


def inputs():
    torch.manual_seed(7004)
    return [(torch.randn(2, 6, 8),), (torch.randn(1, 9, 8),)]
