# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class LearnableLowpass(nn.Module):
    """Audio: a windowed-sinc FIR lowpass with a learnable cutoff, built each call with torch.sinc."""

    def __init__(self, taps: int = 15):
        super().__init__()
        self.cutoff_logit = nn.Parameter(torch.tensor(0.0))
        self.register_buffer("n", torch.arange(taps, dtype=torch.float32) - taps // 2)
        self.register_buffer("window", torch.hamming_window(taps, periodic=False))

    def forward(self, wav):
        fc = 0.5 * torch.sigmoid(self.cutoff_logit)
        h = 2 * fc * torch.sinc(2 * fc * self.n) * self.window
        h = h / h.sum()
        return F.conv1d(wav, h.view(1, 1, -1), padding=h.numel() // 2)


Model = LearnableLowpass


def inputs():
    torch.manual_seed(5427)
    return [(torch.randn(2, 1, 64),), (torch.randn(1, 1, 100),)]
