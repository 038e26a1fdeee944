# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
from torch import Tensor


class OctaveFilterbank(nn.Module):
    """Audio front-end: log-spaced band centres fmin * 2**(k / B) pool an STFT magnitude."""

    def __init__(self, n_freq: int = 17, n_bins: int = 6, bins_per_octave: int = 3):
        super().__init__()
        self.n_freq = n_freq
        self.n_bins = n_bins
        self.bins_per_octave = bins_per_octave
        self.fmin = 1.5
        self.proj = nn.Linear(n_bins, 4)

    def band_centre(self, k: int) -> float:
        return self.fmin * math.exp2(k / self.bins_per_octave)

    def forward(self, spec: Tensor) -> Tensor:
        grid = torch.arange(self.n_freq, dtype=spec.dtype)
        bands = []
        for k in range(self.n_bins):
            c = self.band_centre(k)
            bands.append(torch.exp(-((grid - c) ** 2) / (0.5 * c)))
        fb = torch.stack(bands, 0)
        return self.proj(torch.log1p(spec.transpose(-1, -2) @ fb.t()))


Model = OctaveFilterbank


def inputs():
    torch.manual_seed(2901)
    return [(torch.rand(2, 17, 10),), (torch.rand(1, 17, 4),)]
