# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
from torch import Tensor


class ExplainableBlock(nn.Module):
    """Transformer block that also returns its head-averaged attention map for rollout plots."""

    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))

    def forward(self, x: Tensor) -> Tuple[Tensor, Tensor]:
        h = self.norm(x)
        h, weights = self.attn(h, h, h, need_weights=True, average_attn_weights=False)
        x = x + h
        rollout = weights.mean(dim=1) + torch.eye(x.shape[1], device=x.device)
        return x + self.mlp(x), rollout / rollout.sum(-1, keepdim=True)


Model = ExplainableBlock


def inputs():
    torch.manual_seed(3631)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
