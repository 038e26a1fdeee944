# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
from torch import Tensor


def _mel_filterbank(n_freqs: int, n_mels: int) -> Tensor:
    # triangular filters on a linear grid (enough for a front-end shape)
    centers = torch.linspace(0, n_freqs - 1, n_mels + 2)
    grid = torch.arange(n_freqs, dtype=torch.float32)
    lo, mid, hi = centers[:-2, None], centers[1:-1, None], centers[2:, None]
    up = (grid - lo) / (mid - lo)
    down = (hi - grid) / (hi - mid)
    return torch.clamp(torch.minimum(up, down), min=0.0).t()


class LogMelFrontend(nn.Module):
    """Audio front-end: pre-emphasis, framing with unfold, Hann window, power spectrum by
    rfft, mel projection, log compression in dB."""

    def __init__(self, win: int = 16, hop: int = 8, n_mels: int = 5, preemph: float = 0.97):
        super().__init__()
        self.win = win
        self.hop = hop
        self.preemph = preemph
        self.register_buffer("window", torch.hann_window(win, periodic=False))
        self.register_buffer("fb", _mel_filterbank(win // 2 + 1, n_mels))
        self.db_scale = 10.0 / math.log(10.0)

    def forward(self, wav: Tensor) -> Tensor:
        wav = torch.cat([wav[..., :1], wav[..., 1:] - self.preemph * wav[..., :-1]], -1)
        frames = wav.unfold(-1, self.win, self.hop) * self.window
        power = torch.fft.rfft(frames, n=self.win).abs() ** 2
        mel = power @ self.fb
        return self.db_scale * torch.log(mel.clamp(min=1e-10))


Model = LogMelFrontend


def inputs():
    torch.manual_seed(3321)
    return [(torch.randn(2, 64),), (torch.randn(1, 40),)]
