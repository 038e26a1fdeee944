# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np


def mel_filters(n_freqs: int, n_mels: int) -> torch.Tensor:
    edges = np.linspace(0.0, n_freqs - 1, n_mels + 2)
    bins = np.arange(n_freqs)[:, None]
    lo, mid, hi = edges[:-2], edges[1:-1], edges[2:]
    up = (bins - lo) / (mid - lo)  # breaks: trace
    down = (hi - bins) / (hi - mid)
    return torch.from_numpy(np.maximum(0.0, np.minimum(up, down))).float()


class Model(nn.Module):
    """Audio front-end: a triangular mel filterbank, sized from the spectrogram's number of
    frequency bins, projects a power spectrogram before log compression."""

    def __init__(self, n_mels: int = 6):
        super().__init__()
        self.n_mels = n_mels
        self.head = nn.Linear(n_mels, 3)

    def forward(self, spec: torch.Tensor) -> torch.Tensor:
        fb = mel_filters(spec.shape[-1], self.n_mels)  # breaks: script
        mel = torch.log1p(spec.pow(2) @ fb)
        return self.head(mel.mean(1))


def inputs():
    torch.manual_seed(6509)
    return [(torch.rand(2, 5, 17),), (torch.rand(2, 5, 17),)]
