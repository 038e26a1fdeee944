import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.reduce_dims = [1, 2]

    def forward(self, x):
        keep = {0}
        dims = [d for d in range(x.dim()) if d not in keep]
        return x.mean(dims)


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(3, 3, 4),)]
