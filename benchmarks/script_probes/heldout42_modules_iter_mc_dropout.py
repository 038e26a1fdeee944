# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class MCDropoutClassifier(nn.Module):
    """Monte-Carlo dropout: keeps every dropout layer sampling at inference and averages a few passes."""

    def __init__(self, dim: int = 8, samples: int = 4):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(dim, dim), nn.ReLU(), nn.Dropout(0.0), nn.Linear(dim, 3)
        )
        self.samples = samples

    def forward(self, x: Tensor) -> Tensor:
        for m in self.modules():
            if isinstance(m, nn.Dropout):
                m.train()
        out = torch.stack([self.body(x) for _ in range(self.samples)]).mean(0)
        return out


Model = MCDropoutClassifier


def inputs():
    torch.manual_seed(4223)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
