# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn


class ScoreCalibrator(nn.Module):
    """Rounds the scores to two decimals with a tensor op (no Python round-trip)."""

    def __init__(self, dim=6, classes=4):
        super().__init__()
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        scores = self.head(x).sigmoid()
        return torch.round(scores, decimals=2)


Model = ScoreCalibrator


def inputs():
    torch.manual_seed(3614)
    return [(torch.randn(2, 6),), (torch.randn(2, 6),), (torch.randn(3, 6),)]
