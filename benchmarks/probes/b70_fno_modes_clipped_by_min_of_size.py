# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SpectralConv1d(nn.Module):
    """FNO spectral layer: keep the lowest Fourier modes, at most as many as the grid has."""

    def __init__(self, channels: int = 4, modes: int = 6):
        super().__init__()
        self.modes = modes
        self.weight = nn.Parameter(torch.randn(channels, channels, modes) * 0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.size(-1)
        x_ft = torch.fft.rfft(x)
        modes = min(self.modes, n // 2 + 1)  # breaks: trace
        mixed = torch.einsum("bim,iom->bom", x_ft[..., :modes].real, self.weight[..., :modes])
        out_ft = torch.zeros(x.size(0), x.size(1), n // 2 + 1, dtype=x.dtype)
        out_ft[..., :modes] = mixed
        return torch.fft.irfft(out_ft, n=n)


class Model(nn.Module):
    def __init__(self, channels: int = 4):
        super().__init__()
        self.lift = nn.Conv1d(1, channels, 1)
        self.spectral = SpectralConv1d(channels)
        self.local = nn.Conv1d(channels, channels, 1)
        self.proj = nn.Conv1d(channels, 1, 1)

    def forward(self, u: torch.Tensor) -> torch.Tensor:
        h = self.lift(u)
        h = torch.relu(self.spectral(h) + self.local(h))
        return self.proj(h)


def inputs():
    torch.manual_seed(7007)
    return [(torch.randn(2, 1, 32),), (torch.randn(2, 1, 6),)]
