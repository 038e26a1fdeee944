# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class StochasticBinaryLayer(nn.Module):
    """Sigmoid belief unit: samples binary states, straight-through gradient."""

    def __init__(self, dim_in=8, dim_out=6):
        super().__init__()
        self.fc = nn.Linear(dim_in, dim_out)

    def forward(self, x):
        p = torch.sigmoid(self.fc(x))
        b = torch.bernoulli(p)
        return p + (b - p).detach()


class BinaryAutoencoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = StochasticBinaryLayer(8, 6)
        self.dec = nn.Linear(6, 8)

    def forward(self, x):
        return self.dec(self.enc(x))


Model = BinaryAutoencoder


def inputs():
    torch.manual_seed(24)
    return [(torch.randn(4, 8),), (torch.randn(3, 8),)]
