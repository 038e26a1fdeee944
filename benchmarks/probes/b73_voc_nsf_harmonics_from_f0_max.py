# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class HarmonicSource(nn.Module):
    """Neural-source-filter excitation: a sum of harmonics of f0 up to Nyquist."""

    def __init__(self, sr: int = 800):
        super().__init__()
        self.sr = sr

    def forward(self, f0: torch.Tensor) -> torch.Tensor:
        n_harm = int(self.sr / 2 / f0.max())  # breaks: compile,export,trace
        k = torch.arange(1, n_harm + 1, dtype=f0.dtype)
        phase = torch.cumsum(f0 / self.sr, dim=-1).unsqueeze(-1) * k
        voiced = (f0 > 0).to(f0.dtype).unsqueeze(-1)
        return (torch.sin(2 * torch.pi * phase) * voiced).sum(-1) / n_harm


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.source = HarmonicSource()
        self.filter = nn.Conv1d(1, 1, 5, padding=2)

    def forward(self, f0: torch.Tensor) -> torch.Tensor:
        return self.filter(self.source(f0).unsqueeze(1)).squeeze(1)


def inputs():
    torch.manual_seed(7310)
    return [(torch.rand(1, 12) * 50 + 100,), (torch.rand(1, 12) * 50 + 20,)]
