from dataclasses import dataclass, field
from functools import partial
from typing import Optional

import torch
from torch import nn

NORM_REGISTRY = {}


def register_norm(name):
    def deco(cls_or_fn):
        NORM_REGISTRY[name] = cls_or_fn
        return cls_or_fn

    return deco


@register_norm("rms")
class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        dtype = x.dtype
        x = x.float()
        x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)
        return self.weight * x.to(dtype)


register_norm("ln")(partial(nn.LayerNorm, eps=1e-6))


def build_norm(name: str, dim: int) -> nn.Module:
    return NORM_REGISTRY[name](dim)


@dataclass
class BlockConfig:
    dim: int = 8
    norms: list = field(default_factory=lambda: ["rms", "ln", "rms"])
    mlp_ratio: float = 2.0


class MLPBlock(nn.Module):
    def __init__(self, cfg: BlockConfig, norm: str):
        super().__init__()
        hidden = int(cfg.dim * cfg.mlp_ratio)
        self.norm = build_norm(norm, cfg.dim)
        self.fc1 = nn.Linear(cfg.dim, hidden)
        self.fc2 = nn.Linear(hidden, cfg.dim)

    def forward(self, x):
        return x + self.fc2(torch.nn.functional.gelu(self.fc1(self.norm(x))))


class Model(nn.Module):
    def __init__(self, cfg: Optional[BlockConfig] = None):
        super().__init__()
        cfg = cfg or BlockConfig()
        self.blocks = nn.ModuleList(MLPBlock(cfg, n) for n in cfg.norms)
        self.final_norm = build_norm("ln", cfg.dim)

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return self.final_norm(x)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(4, 1, 8) * 5,)]
