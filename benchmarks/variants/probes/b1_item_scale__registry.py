import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, x):
        scale = x.abs().max().item()
        return x / (scale + 1e-6)


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3) * 10,)]
