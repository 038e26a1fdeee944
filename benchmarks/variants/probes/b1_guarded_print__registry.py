import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self, verbose: bool = False):
        super().__init__()
        self.verbose = verbose
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        y = self.fc(x)
        if not torch.compiler.is_compiling() and self.verbose:
            print("y", y.shape)
        return y


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
