# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, dim: int, heads: int):
        super().__init__()
        self.n1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.n2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x: torch.Tensor):
        h = self.n1(x)
        out, w = self.attn(h, h, h, need_weights=True, average_attn_weights=False)  # w: (B, H, N, N)
        assert w is not None
        x = x + out
        return x + self.mlp(self.n2(x)), w


def rollout(per_layer: List[torch.Tensor], head_fusion: str = "max") -> torch.Tensor:
    """Attention rollout (Abnar & Zuidema): fuse heads, add identity for the residual,
    renormalise, multiply through the layers."""
    n = per_layer[0].shape[-1]
    eye = torch.eye(n, dtype=per_layer[0].dtype, device=per_layer[0].device)
    result = eye.expand(per_layer[0].shape[0], n, n)
    for w in per_layer:
        fused = w.amax(1) if head_fusion == "max" else w.mean(1)
        a = fused + eye
        a = a / a.sum(-1, keepdim=True)
        result = a @ result
    return result


class Model(nn.Module):
    """Small ViT classifier that also returns the CLS-token rollout saliency over patches."""

    def __init__(self, dim: int = 32, heads: int = 4, depth: int = 3, n_cls: int = 5):
        super().__init__()
        self.patch = nn.Conv2d(3, dim, 4, stride=4)
        self.cls = nn.Parameter(torch.zeros(1, 1, dim))
        self.blocks = nn.ModuleList([Block(dim, heads) for _ in range(depth)])
        self.head = nn.Linear(dim, n_cls)

    def forward(self, img: torch.Tensor):
        x = self.patch(img).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], dim=1)
        maps = []
        for blk in self.blocks:
            x, w = blk(x)
            maps.append(w)
        saliency = rollout(maps)[:, 0, 1:]
        return self.head(x[:, 0]), saliency


def inputs():
    torch.manual_seed(6219)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(3, 3, 24, 32),)]
