# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class LearnedTempClassifier(nn.Module):
    """Cosine classifier whose learned temperature is exposed as a Python float property."""

    def __init__(self, dim=8, n_classes=5):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_classes, dim))
        self.log_tau = nn.Parameter(torch.tensor(2.3))

    @property
    def temperature(self) -> float:
        return float(self.log_tau.exp().clamp(max=100.0))

    def forward(self, x):
        logits = F.normalize(x, dim=-1) @ F.normalize(self.weight, dim=-1).t()
        return logits * self.temperature


Model = LearnedTempClassifier


def inputs():
    torch.manual_seed(4022)
    return [(torch.randn(4, 8),), (torch.randn(4, 8),), (torch.randn(6, 8),)]
