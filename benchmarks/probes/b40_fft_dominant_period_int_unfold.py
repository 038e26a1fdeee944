# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PeriodFold(nn.Module):
    """Fold a series into periods of its dominant FFT frequency, then mix within a period."""

    def __init__(self, channels=4):
        super().__init__()
        self.mix = nn.Linear(channels, channels)

    def forward(self, x):  # x: (B, T, C)
        amp = torch.fft.rfft(x, dim=1).abs().mean(0).mean(-1)
        amp[0] = 0
        freq = int(torch.argmax(amp))
        period = max(1, x.shape[1] // max(freq, 1))
        folded = x[:, : (x.shape[1] // period) * period].unfold(1, period, period)
        return self.mix(folded.mean(-1))


Model = PeriodFold


def inputs():
    torch.manual_seed(4005)
    t = torch.arange(24.0)
    a = torch.sin(2 * torch.pi * t / 6).view(1, 24, 1).expand(2, 24, 4) + 0.1 * torch.randn(2, 24, 4)
    b = torch.sin(2 * torch.pi * t / 4).view(1, 24, 1).expand(2, 24, 4) + 0.1 * torch.randn(2, 24, 4)
    return [(a,), (b,)]
