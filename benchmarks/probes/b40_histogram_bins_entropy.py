# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ActivationEntropyProbe(nn.Module):
    """Returns features plus the entropy of their value histogram (torch.histogram, 16 bins)."""

    def __init__(self, dim=6, bins=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.bins = bins

    def forward(self, x):
        h = torch.tanh(self.fc(x))
        hist, _ = torch.histogram(h.detach().flatten(), bins=self.bins, range=(-1.0, 1.0))
        p = hist / hist.sum()
        entropy = -(p * torch.log(p + 1e-12)).sum()
        return h, entropy


Model = ActivationEntropyProbe


def inputs():
    torch.manual_seed(4030)
    return [(torch.randn(4, 6),), (torch.randn(4, 6),), (torch.randn(7, 6),)]
