# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SpecEnhancer(nn.Module):
    """Takes a complex spectrogram, predicts a magnitude mask, keeps the noisy phase."""

    def __init__(self, freq=6, hidden=12):
        super().__init__()
        self.mask = nn.Sequential(nn.Linear(freq, hidden), nn.ReLU(), nn.Linear(hidden, freq), nn.Sigmoid())

    def forward(self, spec):
        mag = spec.abs()
        phase = torch.angle(spec)
        est = self.mask(torch.log1p(mag)) * mag
        return torch.polar(est, phase)


Model = SpecEnhancer


def inputs():
    torch.manual_seed(4615)
    return [(torch.randn(2, 5, 6, dtype=torch.cfloat),), (torch.randn(1, 3, 6, dtype=torch.cfloat),)]
