import struct

import torch
from torch import nn


def _as_fp32(value):
    return struct.unpack("<f", struct.pack("<f", value))[0]  # breaks: export


class SymmetricFakeQuant(nn.Module):
    def __init__(self, dim=12, bits=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.qmax = 2 ** (bits - 1) - 1

    def forward(self, x):
        w = self.fc.weight
        scale = _as_fp32(w.abs().max().item() / self.qmax)  # breaks: compile
        w_q = torch.clamp(torch.round(w / scale), -self.qmax, self.qmax) * scale
        return nn.functional.linear(x, w_q, self.fc.bias)


Model = SymmetricFakeQuant


def inputs():
    torch.manual_seed(8)
    return [(torch.randn(4, 12),), (torch.randn(4, 12) * 0.5,), (torch.randn(2, 12),)]
