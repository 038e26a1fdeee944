import copy

import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, x):
        residual = copy.deepcopy(x)
        x = x.relu_()
        return x + residual


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
