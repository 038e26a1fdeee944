# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class SpectralMixer(nn.Module):
    """FNO-style 1-D layer: mixes the lowest Fourier modes through view_as_real / view_as_complex."""

    def __init__(self, modes: int = 3):
        super().__init__()
        self.modes = modes
        self.mix = nn.Linear(2 * modes, 2 * modes)

    def forward(self, x: Tensor) -> Tensor:
        X = torch.fft.rfft(x, dim=-1)[..., : self.modes]
        z = torch.view_as_real(X).flatten(-2)
        y = self.mix(z).unflatten(-1, (self.modes, 2)).contiguous()
        Y = torch.view_as_complex(y)
        return torch.fft.irfft(Y, n=x.shape[-1], dim=-1) + x


Model = SpectralMixer


def inputs():
    torch.manual_seed(5225)
    return [(torch.randn(2, 16),), (torch.randn(3, 10),)]
