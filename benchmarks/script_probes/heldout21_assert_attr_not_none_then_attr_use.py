# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from typing import Optional


class RotaryCache(nn.Module):
    inv_freq: Optional[Tensor]

    def __init__(self, dim: int = 8):
        super().__init__()
        self.inv_freq = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))

    def forward(self, x: Tensor) -> Tensor:
        assert self.inv_freq is not None
        t = torch.arange(x.shape[1], dtype=x.dtype)
        freqs = torch.outer(t, self.inv_freq)
        emb = torch.cat([freqs, freqs], -1)
        return x * emb.cos() + x.flip(-1) * emb.sin()


Model = RotaryCache


def inputs():
    torch.manual_seed(2121)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 6, 8),)]
