# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def mel_filterbank(n_freqs: int, n_mels: int) -> torch.Tensor:
    """Triangular filters on a linear axis (enough for a front-end sketch)."""
    centers = torch.linspace(0, n_freqs - 1, n_mels + 2)
    bins = torch.arange(n_freqs).float().unsqueeze(1)
    left, mid, right = centers[:-2], centers[1:-1], centers[2:]
    up = (bins - left) / (mid - left)
    down = (right - bins) / (right - mid)
    return torch.clamp(torch.minimum(up, down), min=0.0)


class PCEN(nn.Module):
    """Per-channel energy normalisation with a first-order IIR smoother over frames."""

    def __init__(self, n_bands=16, s=0.04, alpha=0.96, delta=2.0, r=0.5, eps=1e-6):
        super().__init__()
        self.s = s
        self.eps = eps
        self.log_alpha = nn.Parameter(torch.full((n_bands, 1), math.log(alpha)))
        self.log_delta = nn.Parameter(torch.full((n_bands, 1), math.log(delta)))
        self.log_r = nn.Parameter(torch.full((n_bands, 1), math.log(r)))

    def smooth(self, energy):
        frames = [energy[..., 0]]
        for t in range(1, energy.size(-1)):
            frames.append((1 - self.s) * frames[-1] + self.s * energy[..., t])
        return torch.stack(frames, dim=-1)

    def forward(self, energy):
        m = self.smooth(energy)
        alpha, delta, r = self.log_alpha.exp(), self.log_delta.exp(), self.log_r.exp()
        return (energy / (self.eps + m) ** alpha + delta) ** r - delta ** r


class KeywordSpotter(nn.Module):
    def __init__(self, n_freqs=33, n_mels=16, n_classes=5):
        super().__init__()
        self.register_buffer("fbank", mel_filterbank(n_freqs, n_mels))
        self.pcen = PCEN(n_mels)
        self.conv = nn.Conv1d(n_mels, 24, 3, padding=1)
        self.cls = nn.Linear(24, n_classes)

    def forward(self, power_spec):
        mel = torch.einsum("bft,fm->bmt", power_spec, self.fbank)
        h = F.relu(self.conv(self.pcen(mel)))
        return self.cls(h.mean(dim=-1))


Model = KeywordSpotter


def inputs():
    torch.manual_seed(3708)
    return [(torch.rand(2, 33, 9),), (torch.rand(3, 33, 14),)]
