# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class MuLawDecode(nn.Module):
    """Inverse mu-law companding of the class index a WaveRNN-style vocoder predicts."""

    def __init__(self, bits: int = 8):
        super().__init__()
        self.mu = float(2**bits - 1)

    def forward(self, idx: torch.Tensor) -> torch.Tensor:
        y = 2.0 * idx.to(torch.float32) / self.mu - 1.0
        return torch.sign(y) * torch.expm1(y.abs() * math.log1p(self.mu)) / self.mu


class Model(nn.Module):
    def __init__(self, bits: int = 8):
        super().__init__()
        self.rnn_out = nn.Linear(6, 2**bits)
        self.decode = MuLawDecode(bits)

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        idx = self.rnn_out(h).argmax(-1)
        return self.decode(idx)


def inputs():
    torch.manual_seed(7311)
    return [(torch.randn(2, 7, 6),), (torch.randn(2, 7, 6) * 5,)]
