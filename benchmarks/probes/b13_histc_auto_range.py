import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, bins: int = 6):
        super().__init__()
        self.bins = bins
        self.fc = nn.Linear(bins, 2)

    def forward(self, x):
        hist = torch.histc(x, bins=self.bins)
        return self.fc(hist / x.numel())


def inputs():
    return [(torch.randn(3, 5),), (torch.randn(4, 7) * 3,)]
