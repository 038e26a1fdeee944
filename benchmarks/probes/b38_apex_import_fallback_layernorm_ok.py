# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn

try:
    from apex.normalization import FusedLayerNorm as LayerNorm
except ImportError:
    from torch.nn import LayerNorm


class PreNormFFN(nn.Module):
    def __init__(self, dim=8, hidden=16):
        super().__init__()
        self.norm = LayerNorm(dim, eps=1e-5)
        self.ff = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


Model = PreNormFFN


def inputs():
    torch.manual_seed(3819)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 3, 8),)]
