import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(4, 4)
        self.return_hidden = False

    def forward(self, x):
        h = self.enc(x)
        if self.return_hidden:
            return h, x
        return h


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
