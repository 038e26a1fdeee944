import torch
from torch import nn


def _set_eps(eps):
    def fn(m):
        if isinstance(m, nn.LayerNorm):
            m.eps = eps

    return fn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.blocks = nn.Sequential(
            nn.Linear(dim, dim),
            nn.LayerNorm(dim),
            nn.GELU(),
            nn.Linear(dim, dim),
            nn.LayerNorm(dim),
        )
        self.low_precision = False

    def forward(self, x):
        self.apply(_set_eps(1e-3 if self.low_precision else 1e-5))
        return self.blocks(x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8) * 1e-3,)]
