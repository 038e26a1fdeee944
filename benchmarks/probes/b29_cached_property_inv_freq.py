from functools import cached_property

import torch
from torch import nn


class Rotary(nn.Module):
    def __init__(self, dim=8, base=10000.0):
        super().__init__()
        self.dim, self.base = dim, base

    @cached_property
    def inv_freq(self):
        return 1.0 / (self.base ** (torch.arange(0, self.dim, 2).float() / self.dim))

    def forward(self, x):
        t = torch.arange(x.shape[1], dtype=torch.float32)
        ang = torch.outer(t, self.inv_freq)  # breaks: compile
        cos, sin = ang.cos(), ang.sin()
        x1, x2 = x[..., ::2], x[..., 1::2]
        return torch.cat([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.rope = Rotary()

    def forward(self, q):
        return self.rope(q)


def inputs():
    torch.manual_seed(1)
    return [(torch.randn(2, 5, 8),), (torch.randn(2, 5, 8),)]
