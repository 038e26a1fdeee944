import random

import torch
from torch import nn


class LatentJitter(nn.Module):
    def __init__(self, sigma=0.05):
        super().__init__()
        self.sigma = sigma

    def forward(self, z):
        return z * (1.0 + random.gauss(0.0, self.sigma))  # breaks: compile,export,trace


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.enc = nn.Linear(dim, 4)
        self.jitter = LatentJitter()
        self.dec = nn.Linear(4, dim)

    def forward(self, x):
        return self.dec(self.jitter(self.enc(x)))


def inputs():
    torch.manual_seed(5)
    return [(torch.randn(3, 8),), (torch.randn(6, 8),)]
