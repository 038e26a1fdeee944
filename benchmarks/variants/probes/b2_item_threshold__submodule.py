import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, x):
        peak = x.abs().max().item()
        if peak > 10:
            x = x / peak
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4) * 100,)]
