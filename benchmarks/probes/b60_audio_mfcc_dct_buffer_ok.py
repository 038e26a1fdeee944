# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


def hz_to_mel(f: torch.Tensor) -> torch.Tensor:
    return 2595.0 * torch.log10(1.0 + f / 700.0)


def mel_to_hz(m: torch.Tensor) -> torch.Tensor:
    return 700.0 * (10.0 ** (m / 2595.0) - 1.0)


def mel_filterbank(n_fft: int, n_mels: int, sr: int) -> torch.Tensor:
    freqs = torch.linspace(0, sr / 2, n_fft // 2 + 1)
    mel_pts = torch.linspace(hz_to_mel(torch.tensor(0.0)).item(), hz_to_mel(torch.tensor(sr / 2)).item(), n_mels + 2)
    hz = mel_to_hz(mel_pts)
    lower, center, upper = hz[:-2, None], hz[1:-1, None], hz[2:, None]
    up = (freqs - lower) / (center - lower)
    down = (upper - freqs) / (upper - center)
    return torch.clamp(torch.minimum(up, down), min=0.0)  # (n_mels, n_freq)


def dct_matrix(n_mfcc: int, n_mels: int) -> torch.Tensor:
    """Orthonormal DCT-II basis (n_mels, n_mfcc)."""
    n = torch.arange(n_mels, dtype=torch.float32)
    k = torch.arange(n_mfcc, dtype=torch.float32)[:, None]
    basis = torch.cos(math.pi / n_mels * (n + 0.5) * k) * math.sqrt(2.0 / n_mels)
    basis[0] *= 1.0 / math.sqrt(2.0)
    return basis.t().contiguous()


class MFCC(nn.Module):
    def __init__(self, sr: int = 16000, n_fft: int = 256, hop: int = 128, n_mels: int = 24, n_mfcc: int = 13):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft), persistent=False)
        self.register_buffer("fbank", mel_filterbank(n_fft, n_mels, sr), persistent=False)
        self.register_buffer("dct", dct_matrix(n_mfcc, n_mels), persistent=False)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        spec = torch.stft(wav, self.n_fft, self.hop, window=self.window, return_complex=True)
        power = spec.real.pow(2) + spec.imag.pow(2)
        mel = torch.matmul(self.fbank, power)
        logmel = torch.log(mel + 1e-6).transpose(1, 2)
        return logmel @ self.dct  # (B, frames, n_mfcc)


class Model(nn.Module):
    """Keyword spotter on MFCCs with per-utterance CMN and a temporal conv stack."""

    def __init__(self, keywords: int = 6):
        super().__init__()
        self.mfcc = MFCC()
        self.tcn = nn.Sequential(
            nn.Conv1d(13, 32, 5, padding=2), nn.BatchNorm1d(32), nn.ReLU(),
            nn.Conv1d(32, 32, 5, padding=4, dilation=2), nn.BatchNorm1d(32), nn.ReLU(),
        )
        self.out = nn.Linear(32, keywords)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        feats = self.mfcc(wav)
        feats = feats - feats.mean(dim=1, keepdim=True)
        h = self.tcn(feats.transpose(1, 2))
        return self.out(h.mean(-1))


def inputs():
    torch.manual_seed(6017)
    return [(torch.randn(2, 4000),), (torch.randn(3, 5600),)]
