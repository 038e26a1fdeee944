# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Fourier low-pass filter for weather fields: rfft2, multiply by a learned gain on a
    fixed-size frequency mask buffer, irfft2 back to the grid size."""

    def __init__(self, c: int = 2, h: int = 16, w: int = 16, keep: int = 4):
        super().__init__()
        mask = torch.zeros(h, w // 2 + 1)
        mask[:keep, :keep] = 1.0
        mask[-keep:, :keep] = 1.0
        self.register_buffer("mask", mask)
        self.gain = nn.Parameter(torch.ones(c, 1, 1))
        self.mix = nn.Conv2d(c, c, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        spec = torch.fft.rfft2(x, norm="ortho")
        spec = spec * (self.mask * self.gain)
        low = torch.fft.irfft2(spec, s=(x.shape[-2], x.shape[-1]), norm="ortho")
        return self.mix(low) + x


def inputs():
    torch.manual_seed(5921)
    return [(torch.randn(2, 2, 16, 16),), (torch.randn(3, 2, 16, 16),)]
