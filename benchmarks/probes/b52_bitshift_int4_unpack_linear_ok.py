# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class Int4Linear(nn.Module):
    """Weight-only int4 LLM layer: two 4-bit weights per uint8, unpacked with & 0xF and >> 4."""

    def __init__(self, d_in: int = 8, d_out: int = 6):
        super().__init__()
        g = torch.Generator().manual_seed(0)
        self.register_buffer("packed", torch.randint(0, 256, (d_out, d_in // 2), generator=g, dtype=torch.uint8))
        self.register_buffer("scales", torch.rand(d_out, 1, generator=g) * 0.1)

    def forward(self, x: Tensor) -> Tensor:
        lo = (self.packed & 0xF).to(torch.int8) - 8
        hi = (self.packed >> 4).to(torch.int8) - 8
        w = torch.stack([lo, hi], dim=-1).flatten(1).to(x.dtype) * self.scales
        return F.linear(x, w)


Model = Int4Linear


def inputs():
    torch.manual_seed(5234)
    return [(torch.randn(3, 8),), (torch.randn(2, 5, 8),)]
