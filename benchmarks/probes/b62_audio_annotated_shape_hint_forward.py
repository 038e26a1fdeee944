# ruff: noqa  (a probe is written as users write models)
from typing import Annotated

import torch
import torch.nn as nn
import torch.nn.functional as F

# Shape-documenting aliases in the jaxtyping spirit (metadata only, no runtime checking).
Waveform = Annotated[torch.Tensor, "batch samples"]
Spec = Annotated[torch.Tensor, "batch freq frames"]


def log_power_spectrogram(wav: Waveform, n_fft: int, hop: int, window: torch.Tensor) -> Spec:
    spec = torch.stft(wav, n_fft, hop_length=hop, window=window, return_complex=True)
    return torch.log1p(spec.abs() ** 2)


class FreqConvBlock(nn.Module):
    def __init__(self, cin: int, cout: int):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.bn = nn.BatchNorm2d(cout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.max_pool2d(F.relu(self.bn(self.conv(x))), (2, 1))


class Model(nn.Module):
    """Keyword spotter: log spectrogram -> 2 conv blocks -> temporal attention pooling."""

    def __init__(self, n_fft: int = 64, hop: int = 32, n_keywords: int = 6):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft))
        self.blocks = nn.Sequential(FreqConvBlock(1, 8), FreqConvBlock(8, 16))
        freq_out = (n_fft // 2 + 1) // 4
        self.att = nn.Linear(16 * freq_out, 1)
        self.cls = nn.Linear(16 * freq_out, n_keywords)

    def forward(self, wav: Waveform) -> torch.Tensor:
        spec = log_power_spectrogram(wav, self.n_fft, self.hop, self.window)
        h = self.blocks(spec.unsqueeze(1))  # (B, C, F', T)
        h = h.flatten(1, 2).transpose(1, 2)  # (B, T, C*F')
        w = torch.softmax(self.att(h), dim=1)
        return self.cls((w * h).sum(1))


def inputs():
    torch.manual_seed(6208)
    return [(torch.randn(2, 1600),), (torch.randn(3, 2400),)]
