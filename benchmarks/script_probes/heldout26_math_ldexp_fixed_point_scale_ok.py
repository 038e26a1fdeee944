# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class FixedPointFakeQuant(nn.Module):
    """Fake-quantises activations to a signed fixed-point format with frac_bits bits."""

    def __init__(self, dim: int = 6, total_bits: int = 8, frac_bits: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.total_bits = total_bits
        self.frac_bits = frac_bits

    def forward(self, x):
        scale = math.ldexp(1.0, -self.frac_bits)
        qmax = 2 ** (self.total_bits - 1) - 1
        y = self.fc(x)
        q = torch.clamp(torch.round(y / scale), -qmax - 1, qmax)
        return q * scale


Model = FixedPointFakeQuant


def inputs():
    torch.manual_seed(2615)
    return [(torch.randn(2, 6),), (torch.randn(4, 3, 6),)]
