# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Spectral low-pass: rfft over time, zero the bins above a learned-free cutoff, and
    irfft back to the input length."""

    def __init__(self, keep: int = 6):
        super().__init__()
        self.keep = keep

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        spec = torch.fft.rfft(x, dim=-1)
        idx = torch.arange(spec.shape[-1], device=x.device)
        spec = spec * (idx < self.keep).to(spec.dtype)
        return torch.fft.irfft(spec, n=x.shape[-1], dim=-1)


def inputs():
    torch.manual_seed(6423)
    return [(torch.randn(2, 3, 32),), (torch.randn(1, 3, 20),)]
