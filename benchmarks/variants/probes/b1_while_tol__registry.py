import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, a):
        x = torch.ones_like(a)
        err = (x * x - a).abs().max()
        while err > 1e-4:
            x = 0.5 * (x + a / x)
            err = (x * x - a).abs().max()
        return x


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, a):
        return self.block(a)


def inputs():
    return [(torch.rand(3) + 1,), (torch.rand(3) * 100 + 1,)]
