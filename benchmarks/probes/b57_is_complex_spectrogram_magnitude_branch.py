# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SpectrogramTagger(nn.Module):
    """Audio: accepts a magnitude spectrogram or a complex STFT; x.is_complex() picks whether
    to take the magnitude first."""

    def __init__(self, classes: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(1, 8, 3, padding=1)
        self.head = nn.Linear(8, classes)

    def forward(self, spec):
        if spec.is_complex():
            spec = spec.abs()
        h = torch.relu(self.conv(torch.log1p(spec)))
        return self.head(h.mean(dim=(2, 3)))


Model = SpectrogramTagger


def inputs():
    torch.manual_seed(5717)
    real = torch.randn(2, 1, 8, 10).abs()
    cplx = torch.randn(3, 1, 12, 10, dtype=torch.complex64)
    return [(real,), (cplx,)]
