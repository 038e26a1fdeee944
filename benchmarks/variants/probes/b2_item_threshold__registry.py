import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, x):
        peak = x.abs().max().item()
        if peak > 10:
            x = x / peak
        return x


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4) * 100,)]
