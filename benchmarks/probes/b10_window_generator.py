import torch
from torch import nn


def windows(t, size):
    for start in range(0, t.shape[1], size):  # breaks: trace
        yield t[:, start : start + size]


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        return torch.stack([w.mean(dim=1) for w in windows(h, 2)], dim=1)


def inputs():
    return [(torch.randn(2, 4, 8),), (torch.randn(2, 6, 8),)]
