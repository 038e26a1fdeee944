# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LogSpectrogram(nn.Module):
    """Audio front-end: log-magnitude STFT with a Hann window buffer, then a 1x1 mixer."""

    def __init__(self, n_fft: int = 16, hop: int = 4):
        super().__init__()
        self.n_fft = n_fft
        self.hop = hop
        self.register_buffer("window", torch.hann_window(n_fft))
        self.mix = nn.Conv1d(n_fft // 2 + 1, 4, 1)

    def forward(self, wav):
        spec = torch.stft(
            wav, self.n_fft, hop_length=self.hop, window=self.window, return_complex=True
        )
        return self.mix(torch.log1p(spec.abs()))


Model = LogSpectrogram


def inputs():
    torch.manual_seed(2622)
    return [(torch.randn(2, 64),), (torch.randn(3, 100),)]
