import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def _decay_gammas(num_heads: int) -> torch.Tensor:
    return 1.0 - torch.exp2(-5.0 - torch.arange(num_heads, dtype=torch.float32))


def _decay_mask(gammas: torch.Tensor, seq_len: int) -> torch.Tensor:
    idx = torch.arange(seq_len, device=gammas.device, dtype=gammas.dtype)
    diff = idx[:, None] - idx[None, :]
    mask = torch.where(diff >= 0, diff, torch.full_like(diff, float("inf")))
    decay = torch.exp(gammas.log()[:, None, None] * mask)
    return decay / decay.sum(-1, keepdim=True).sqrt()


class MultiScaleRetention(nn.Module):
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.qkv = nn.Linear(dim, 3 * dim, bias=False)
        self.gate = nn.Linear(dim, dim, bias=False)
        self.out = nn.Linear(dim, dim, bias=False)
        self.group_norm = nn.GroupNorm(heads, dim, affine=False)
        self.register_buffer("gammas", _decay_gammas(heads), persistent=False)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4)
        k = k * (1.0 / math.sqrt(self.head_dim))
        scores = q @ k.transpose(-1, -2) * _decay_mask(self.gammas, t)
        scores = scores / scores.abs().sum(-1, keepdim=True).clamp(min=1.0)
        o = (scores @ v).transpose(1, 2).reshape(b * t, d)
        o = self.group_norm(o).view(b, t, d)
        return self.out(F.silu(self.gate(x)) * o)


Model = MultiScaleRetention


def inputs():
    torch.manual_seed(3501)
    return [(torch.randn(2, 12, 32),), (torch.randn(3, 7, 32),)]
