# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RotaryEmbedding(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        import math

        half = self.dim // 2
        freqs = torch.exp(torch.arange(half, dtype=x.dtype) * (-math.log(10000.0) / half))
        pos = torch.arange(x.shape[1], dtype=x.dtype)
        ang = pos[:, None] * freqs[None, :]
        return x + torch.cat([ang.sin(), ang.cos()], dim=-1)


Model = RotaryEmbedding


def inputs():
    torch.manual_seed(2)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 9, 8),)]
