import copy

import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, x):
        residual = copy.deepcopy(x)
        x = x.relu_()
        return x + residual


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
