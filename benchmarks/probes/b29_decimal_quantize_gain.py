from decimal import Decimal, ROUND_HALF_UP

import torch
import torch.nn as nn


def quantized_gain(peak, places="0.01"):
    return float(Decimal(str(peak)).quantize(Decimal(places), rounding=ROUND_HALF_UP))  # breaks: compile,export


class Model(nn.Module):
    """Loudness normaliser whose gain is rounded to a fixed grid for reproducibility."""

    def __init__(self, target=0.9):
        super().__init__()
        self.target = target
        self.filt = nn.Conv1d(1, 1, 5, padding=2)

    def forward(self, wav):
        y = self.filt(wav)
        peak = y.abs().amax().item()  # breaks: compile,trace
        gain = quantized_gain(self.target / (peak + 1e-6))
        return y * gain


def inputs():
    torch.manual_seed(3)
    return [(torch.randn(2, 1, 64),), (torch.randn(2, 1, 64) * 4,)]
