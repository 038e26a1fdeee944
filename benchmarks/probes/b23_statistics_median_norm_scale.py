import statistics

import torch
import torch.nn as nn


class RobustFeatureScaler(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, x):
        h = self.encoder(x)
        norms = h.norm(dim=-1)
        typical = statistics.median(norms.tolist())  # breaks: compile,export,trace
        return h / (typical + 1e-6)


Model = RobustFeatureScaler


def inputs():
    torch.manual_seed(3)
    return [(torch.randn(5, 16),), (torch.randn(5, 16) * 3,), (torch.randn(8, 16) - 1,)]
