# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def smoothed_power(spec_mag: torch.Tensor, alpha: float, k: int = 16) -> torch.Tensor:
    """First-order recursive smoothing along time, written as a causal conv with k decaying taps."""
    t = spec_mag.shape[-1]
    taps = (1 - alpha) * torch.exp(math.log(alpha) * torch.arange(k - 1, -1, -1, dtype=spec_mag.dtype))
    p = spec_mag.pow(2)
    b, f, _ = p.shape
    out = F.conv1d(F.pad(p.reshape(b * f, 1, t), (k - 1, 0)), taps.view(1, 1, k))
    return out.view(b, f, t)


def minimum_statistics(power: torch.Tensor, bias: float) -> torch.Tensor:
    """Noise floor = running minimum of the smoothed power (Martin's minimum statistics)."""
    floor, _ = torch.cummin(power, dim=-1)
    return floor * bias


class MaskEstimator(nn.Module):
    def __init__(self, n_freq: int):
        super().__init__()
        self.conv = nn.Conv1d(2 * n_freq, 64, 5, padding=4)
        self.out = nn.Conv1d(64, n_freq, 1)

    def forward(self, snr_db: torch.Tensor, mag: torch.Tensor) -> torch.Tensor:
        feats = torch.cat([snr_db, torch.log1p(mag)], dim=1)
        h = F.relu(self.conv(feats))[..., : feats.shape[-1]]  # causal: drop the look-ahead
        return torch.sigmoid(self.out(h))


class Model(nn.Module):
    """Speech enhancer: classic noise-floor tracker feeding a small recurrent mask estimator."""

    def __init__(self, n_fft: int = 64, hop: int = 16):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft))
        self.alpha = 0.8
        self.bias = 1.5
        self.mask = MaskEstimator(n_fft // 2 + 1)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        spec = torch.stft(wav, self.n_fft, self.hop, window=self.window, return_complex=True)
        mag = spec.abs()
        power = smoothed_power(mag, self.alpha)
        noise = minimum_statistics(power, self.bias)
        snr_db = 10 * torch.log10(power.clamp_min(1e-8) / noise.clamp_min(1e-8))
        m = self.mask(snr_db, mag)
        return torch.istft(spec * m, self.n_fft, self.hop, window=self.window, length=wav.shape[-1])


def inputs():
    torch.manual_seed(6213)
    return [(torch.randn(2, 800),), (torch.randn(1, 1200),)]
