# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


def hz_to_mel(f: float) -> float:
    return 2595.0 * math.log10(1.0 + f / 700.0)


def mel_filterbank(n_freqs: int, n_mels: int, sample_rate: int) -> torch.Tensor:
    """Triangular mel filters, shape (n_freqs, n_mels)."""
    freqs = torch.linspace(0, sample_rate / 2, n_freqs)
    mels = torch.linspace(hz_to_mel(0.0), hz_to_mel(sample_rate / 2), n_mels + 2)
    hz = 700.0 * (10 ** (mels / 2595.0) - 1.0)
    lower, center, upper = hz[:-2], hz[1:-1], hz[2:]
    up = (freqs[:, None] - lower) / (center - lower)
    down = (upper - freqs[:, None]) / (upper - center)
    return torch.clamp(torch.minimum(up, down), min=0.0)


class Model(nn.Module):
    """Log-mel front-end: frames -> window -> |rfft|^2 -> mel projection -> log."""

    def __init__(self, n_fft: int = 16, hop: int = 8, n_mels: int = 6, sample_rate: int = 8000):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft))
        self.register_buffer("fbank", mel_filterbank(n_fft // 2 + 1, n_mels, sample_rate))

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        frames = wav.unfold(-1, self.n_fft, self.hop) * self.window
        spec = torch.fft.rfft(frames, dim=-1)
        power = spec.real.pow(2) + spec.imag.pow(2)
        return torch.log(power @ self.fbank + 1e-6)


def inputs():
    torch.manual_seed(6605)
    return [(torch.randn(2, 64),), (torch.randn(3, 64),)]
