import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8, warmup: int = 2):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.warmup = warmup
        self.stats = {"calls": 0}

    def _ramp(self):
        self.stats["calls"] += 1  # breaks: export,trace
        return min(1.0, self.stats["calls"] / self.warmup)

    def forward(self, x):
        return self.fc(x) * self._ramp()


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(2, 8),)]
