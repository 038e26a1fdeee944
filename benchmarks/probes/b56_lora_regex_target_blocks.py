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

    def forward(self, x):
        return x + F.gelu(self.proj(self.norm(x)))


def matches_target(name: str, patterns) -> bool:
    # PEFT-style target selection: a module is adapted when its name matches one pattern.
    return any(re.fullmatch(p, name) for p in patterns)


class AdaptedEncoder(nn.Module):
    def __init__(self, d: int = 16, depth: int = 4, targets=(r"blocks_[13]",)):
        super().__init__()
        self.targets = tuple(targets)
        self.blocks = nn.ModuleDict({f"blocks_{i}": Block(d) for i in range(depth)})
        self.lora = nn.ModuleDict({f"blocks_{i}": LoRADelta(d) for i in range(depth)})

    def forward(self, x):
        for name, block in self.blocks.items():
            h = block(x)
            if matches_target(name, self.targets):
                h = h + self.lora[name](x)
            x = h
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
    torch.manual_seed(5601)
    return [(torch.randn(2, 5, 6),), (torch.randn(3, 9, 6),)]
