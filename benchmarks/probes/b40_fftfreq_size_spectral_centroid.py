# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SpectralCentroidFeature(nn.Module):
    """Audio feature: spectral centroid per frame appended to a learned projection."""

    def __init__(self, sample_rate=16000.0, dim=8):
        super().__init__()
        self.sample_rate = sample_rate
        self.proj = nn.Linear(1, dim)

    def forward(self, frames):  # (B, F, N)
        mag = torch.fft.rfft(frames, dim=-1).abs()
        freqs = torch.fft.rfftfreq(frames.size(-1), d=1.0 / self.sample_rate)
        centroid = (mag * freqs).sum(-1) / (mag.sum(-1) + 1e-8)
        return self.proj((centroid / self.sample_rate).unsqueeze(-1))


Model = SpectralCentroidFeature


def inputs():
    torch.manual_seed(4006)
    return [(torch.randn(2, 3, 32),), (torch.randn(2, 3, 48),)]
