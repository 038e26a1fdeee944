# ruff: noqa  (a probe is written as users write models)
import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class SincConv(nn.Module):
    @staticmethod
    def to_mel(hz):
        return 2595 * np.log10(1 + hz / 700)

    @staticmethod
    def to_hz(mel):
        return 700 * (10 ** (mel / 2595) - 1)

    def __init__(self, out_channels=8, kernel_size=33, sample_rate=8000, min_low_hz=50, min_band_hz=50):
        super().__init__()
        if kernel_size % 2 == 0:
            kernel_size = kernel_size + 1
        self.out_channels, self.kernel_size, self.sample_rate = out_channels, kernel_size, sample_rate
        self.min_low_hz, self.min_band_hz = min_low_hz, min_band_hz
        high_hz = sample_rate / 2 - (min_low_hz + min_band_hz)
        mel = np.linspace(self.to_mel(30), self.to_mel(high_hz), out_channels + 1)
        hz = self.to_hz(mel)
        self.low_hz_ = nn.Parameter(torch.Tensor(hz[:-1]).view(-1, 1))
        self.band_hz_ = nn.Parameter(torch.Tensor(np.diff(hz)).view(-1, 1))
        n_lin = torch.linspace(0, (kernel_size / 2) - 1, steps=int(kernel_size / 2))
        self.window_ = 0.54 - 0.46 * torch.cos(2 * math.pi * n_lin / kernel_size)
        n = (kernel_size - 1) / 2.0
        self.n_ = 2 * math.pi * torch.arange(-n, 0).view(1, -1) / sample_rate

    def forward(self, waveforms):
        self.n_ = self.n_.to(waveforms.device)
        self.window_ = self.window_.to(waveforms.device)
        low = self.min_low_hz + torch.abs(self.low_hz_)
        high = torch.clamp(low + self.min_band_hz + torch.abs(self.band_hz_), self.min_low_hz, self.sample_rate / 2)
        band = (high - low)[:, 0]
        left = ((torch.sin(torch.matmul(high, self.n_)) - torch.sin(torch.matmul(low, self.n_))) / (self.n_ / 2)) * self.window_
        center = 2 * band.view(-1, 1)
        right = torch.flip(left, dims=[1])
        band_pass = torch.cat([left, center, right], dim=1) / (2 * band[:, None])
        self.filters = band_pass.view(self.out_channels, 1, self.kernel_size)
        return F.conv1d(waveforms, self.filters, stride=1, padding=0)


class SincSpeakerNet(nn.Module):
    def __init__(self, n_speakers=4):
        super().__init__()
        self.sinc = SincConv()
        self.norm = nn.GroupNorm(1, 8)
        self.conv = nn.Conv1d(8, 16, 5, stride=2)
        self.out = nn.Linear(16, n_speakers)

    def forward(self, wav):
        h = F.max_pool1d(torch.abs(self.sinc(wav)), 3)
        h = F.leaky_relu(self.conv(F.leaky_relu(self.norm(h))))
        return self.out(h.mean(-1))


Model = SincSpeakerNet


def inputs():
    torch.manual_seed(3711)
    return [(torch.randn(2, 1, 200),), (torch.randn(3, 1, 260),)]
