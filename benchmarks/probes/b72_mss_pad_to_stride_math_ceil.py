# ruff: noqa  (a probe is written as users write models)
from math import ceil

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Waveform source separator (Demucs-like): pad to a multiple of the total stride, crop back."""

    def __init__(self, sources: int = 2, stride: int = 4):
        super().__init__()
        self.stride = stride
        self.enc = nn.Conv1d(1, 8, stride * 2, stride=stride, padding=stride // 2)
        self.dec = nn.ConvTranspose1d(8, sources, stride * 2, stride=stride, padding=stride // 2)

    def forward(self, mix: torch.Tensor) -> torch.Tensor:
        length = mix.shape[-1]
        target = ceil(length / self.stride) * self.stride  # breaks: trace
        x = F.pad(mix, (0, target - length))
        return self.dec(torch.relu(self.enc(x)))[..., :length]


def inputs():
    torch.manual_seed(7221)
    return [(torch.randn(1, 1, 30),), (torch.randn(1, 1, 41),)]
