# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SpectralSmoother(nn.Module):
    """Learned low-pass filter applied in the frequency domain along time."""

    def __init__(self, channels=4, modes=3):
        super().__init__()
        self.modes = modes
        self.gain = nn.Parameter(torch.rand(channels, modes))

    def forward(self, x):  # (batch, channels, time)
        n = x.size(-1)
        spec = torch.fft.rfft(x, dim=-1, norm="ortho")
        kept = spec[..., : self.modes] * self.gain
        spec = torch.cat([kept, torch.zeros_like(spec[..., self.modes :])], dim=-1)
        return torch.fft.irfft(spec, n=n, dim=-1, norm="ortho")


Model = SpectralSmoother


def inputs():
    torch.manual_seed(4633)
    return [(torch.randn(2, 4, 9),), (torch.randn(1, 4, 12),)]
