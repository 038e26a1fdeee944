# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
from torch import nn


def _gain(v):
    if v < 0.0:
        return 0.5
    if v < 1.0:
        return 1.0
    return 2.0


piecewise_gain = np.vectorize(_gain, otypes=[np.float32])


class LevelCompressor(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 3, padding=1)

    def forward(self, wav):
        level = wav.abs().mean(dim=-1)
        gain = torch.from_numpy(piecewise_gain(level.detach().numpy()))
        return self.conv(wav * gain.unsqueeze(-1))


Model = LevelCompressor


def inputs():
    torch.manual_seed(3602)
    return [(torch.randn(2, 4, 16),), (torch.randn(2, 4, 16) * 3,), (torch.randn(1, 4, 10) * 0.2,)]
