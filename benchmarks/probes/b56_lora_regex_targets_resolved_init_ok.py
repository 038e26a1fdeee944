# ruff: noqa  (a probe is written as users write models)
import re

import torch
import torch.nn as nn
import torch.nn.functional as F


class LoRADelta(nn.Module):
    """Low-rank update added on top of a frozen projection."""

    def __init__(self, d: int, rank: int = 2, alpha: float = 4.0):
        super().__init__()
        self.down = nn.Linear(d, rank, bias=False)
        self.up = nn.Linear(rank, d, bias=False)
        nn.init.normal_(self.up.weight, std=0.02)
        self.scale = alpha / rank

    def forward(self, x):
        return self.up(self.down(x)) * self.scale


class Block(nn.Module):
    def __init__(self, d: int):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.proj = nn.Linear(d, d)
        self.use_lora = False
        self.lora = LoRADelta(d)

    def forward(self, x):
        h = x + F.gelu(self.proj(self.norm(x)))
        if self.use_lora:
            h = h + self.lora(x)
        return h


def mark_targets(root: nn.Module, patterns) -> int:
    # PEFT-style target selection, resolved once when the adapter is attached.
    hits = 0
    for name, module in root.named_children():
        if isinstance(module, Block) and any(re.fullmatch(p, name) for p in patterns):
            module.use_lora = True
            hits += 1
    return hits


class AdaptedEncoder(nn.Module):
    def __init__(self, d: int = 16, depth: int = 4, targets=(r"block[13]",)):
        super().__init__()
        for i in range(depth):
            self.add_module(f"block{i}", Block(d))
        self.depth = depth
        self.n_adapted = mark_targets(self, targets)
        self.blocks = nn.ModuleList([getattr(self, f"block{i}") for i in range(depth)])

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(6, 16)
        self.encoder = AdaptedEncoder()
        self.head = nn.Linear(16, 3)

    def forward(self, x):
        return self.head(self.encoder(self.embed(x)).mean(dim=1))


def inputs():
    torch.manual_seed(5602)
    return [(torch.randn(2, 5, 6),), (torch.randn(3, 9, 6),)]
