import numpy as np
import torch
from torch import nn


class Model(nn.Module):
    """Cumulative energy envelope for an audio frame encoder."""

    def __init__(self, n_bins=12):
        super().__init__()
        self.proj = nn.Linear(n_bins, n_bins)

    def envelope(self, frames):
        acc = np.cumsum(frames.detach().numpy(), axis=1)  # breaks: export,trace
        return torch.from_numpy(acc)

    def forward(self, frames):
        env = self.envelope(frames.abs())
        return self.proj(frames) + env


def inputs():
    torch.manual_seed(9)
    return [(torch.randn(2, 5, 12),), (torch.randn(1, 9, 12),)]
