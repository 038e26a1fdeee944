# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class FourierGate(nn.Module):
    """Global filter on all spatial dims via fftn / ifftn with a learned channel gate."""

    def __init__(self, channels=3):
        super().__init__()
        self.gate = nn.Parameter(torch.ones(channels))

    def forward(self, x):  # (B, C, *spatial)
        dims = tuple(range(2, x.dim()))
        spec = torch.fft.fftn(x, dim=dims, norm="ortho")
        spec = spec * self.gate.view(1, -1, *([1] * len(dims)))
        return torch.fft.ifftn(spec, dim=dims, norm="ortho").real


Model = FourierGate


def inputs():
    torch.manual_seed(4007)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
