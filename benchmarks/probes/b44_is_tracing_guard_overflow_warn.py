# ruff: noqa  (a probe is written as users write models)
import warnings

import torch
import torch.nn as nn


class ResidualMLPBlock(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, 4 * dim)
        self.fc2 = nn.Linear(4 * dim, dim)

    def forward(self, x):
        h = x + self.fc2(torch.nn.functional.gelu(self.fc1(self.norm(x))))
        if not torch.jit.is_tracing() and (h.abs() > 1e4).any():
            warnings.warn("activations overflowing; consider fp32 or a smaller learning rate")
            h = h.clamp(-1e4, 1e4)
        return h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(ResidualMLPBlock(), ResidualMLPBlock())

    def forward(self, x):
        return self.blocks(x)


def inputs():
    torch.manual_seed(37)
    return [(torch.randn(2, 4, 8),), (torch.randn(3, 5, 8) * 3,)]
