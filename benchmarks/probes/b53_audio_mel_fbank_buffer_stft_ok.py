# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
from torch import Tensor


def hz_to_mel(f: float) -> float:
    return 2595.0 * math.log10(1.0 + f / 700.0)


def mel_to_hz(m: Tensor) -> Tensor:
    return 700.0 * (10.0 ** (m / 2595.0) - 1.0)


def mel_filterbank(n_fft: int, n_mels: int, sr: int, fmin: float = 0.0, fmax=None) -> Tensor:
    fmax = fmax if fmax is not None else sr / 2
    freqs = torch.linspace(0, sr / 2, n_fft // 2 + 1)
    mels = torch.linspace(hz_to_mel(fmin), hz_to_mel(fmax), n_mels + 2)
    hz = mel_to_hz(mels)
    lower = (freqs.unsqueeze(0) - hz[:-2].unsqueeze(1)) / (hz[1:-1] - hz[:-2]).unsqueeze(1)
    upper = (hz[2:].unsqueeze(1) - freqs.unsqueeze(0)) / (hz[2:] - hz[1:-1]).unsqueeze(1)
    return torch.clamp(torch.minimum(lower, upper), min=0.0)  # (n_mels, n_freqs)


class LogMel(nn.Module):
    def __init__(self, sr: int = 8000, n_fft: int = 64, hop: int = 16, n_mels: int = 12):
        super().__init__()
        self.n_fft = n_fft
        self.hop = hop
        self.register_buffer("window", torch.hann_window(n_fft), persistent=False)
        self.register_buffer("fbank", mel_filterbank(n_fft, n_mels, sr), persistent=False)

    def forward(self, wav: Tensor) -> Tensor:
        spec = torch.stft(wav, self.n_fft, self.hop, window=self.window, center=True, return_complex=True)
        power = spec.real.pow(2) + spec.imag.pow(2)
        return torch.log(self.fbank @ power + 1e-6)


class KeywordSpotter(nn.Module):
    def __init__(self, n_mels: int = 12, n_classes: int = 6):
        super().__init__()
        self.frontend = LogMel(n_mels=n_mels)
        self.norm = nn.InstanceNorm1d(n_mels)
        self.conv = nn.Conv1d(n_mels, 24, 5, padding=2)
        self.out = nn.Linear(24, n_classes)

    def forward(self, wav: Tensor) -> Tensor:
        feats = self.norm(self.frontend(wav))
        h = torch.relu(self.conv(feats))
        return self.out(h.mean(dim=-1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.kws = KeywordSpotter()

    def forward(self, wav: Tensor) -> Tensor:
        return self.kws(wav)


def inputs():
    torch.manual_seed(5322)
    return [(torch.randn(2, 400),), (torch.randn(3, 656),)]
