# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RotaryCache(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.dim = dim
        self.cached_len = None
        inv = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv, persistent=False)

    def forward(self, x):
        seq = x.shape[1]
        t = torch.arange(seq, dtype=x.dtype)
        freqs = torch.outer(t, self.inv_freq)
        self.cached_len = seq
        emb = torch.cat([freqs, freqs], dim=-1)
        return x * emb.cos() + torch.roll(x, 1, dims=-1) * emb.sin()


Model = RotaryCache


def inputs():
    torch.manual_seed(2304)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 7, 8),)]
