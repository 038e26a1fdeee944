import math
import re

import torch
from torch import nn

_AXES = re.compile(r"\(([^)]*)\)|(\w+)")


def _parse(side: str):
    return [grp.split() if grp else [name] for grp, name in _AXES.findall(side)]


def rearrange(x, pattern: str, **sizes):
    """A small einops-style helper: only merges and splits of axes, no reordering."""
    left, right = (_parse(s) for s in pattern.split("->"))
    dims = {}
    for group, size in zip(left, x.shape):
        known = [sizes.get(a) for a in group]
        missing = size // math.prod(k for k in known if k)  # breaks: compile
        for a, k in zip(group, known):
            dims[a] = k if k else missing
    return x.reshape([math.prod(dims[a] for a in g) for g in right])


class MultiHeadProj(nn.Module):
    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim)

    def forward(self, x):
        q = rearrange(self.qkv(x), "b n (h d) -> b n h d", h=self.heads)
        return q.softmax(-1).flatten(2)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = MultiHeadProj()

    def forward(self, x):
        return self.proj(x)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 5, 8),)]
