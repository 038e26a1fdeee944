import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, x):
        size = torch.tensor(x.shape, dtype=torch.float32)
        return x.sum() / size.prod()


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
