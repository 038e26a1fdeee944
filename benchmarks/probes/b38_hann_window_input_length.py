# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TaperedSpectrum(nn.Module):
    """Magnitude spectrum of a signal tapered by a Hann window as long as the signal."""

    def __init__(self, bins=5):
        super().__init__()
        self.bins = bins
        self.scale = nn.Parameter(torch.ones(bins))

    def forward(self, x):
        window = torch.hann_window(x.shape[-1], periodic=False, dtype=x.dtype, device=x.device)
        spec = torch.fft.rfft(x * window).abs()
        return spec[..., : self.bins] * self.scale


Model = TaperedSpectrum


def inputs():
    torch.manual_seed(3811)
    return [(torch.randn(2, 16),), (torch.randn(2, 24),), (torch.randn(3, 16),)]
