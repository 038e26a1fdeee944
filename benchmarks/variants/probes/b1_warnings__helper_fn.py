import warnings

import torch
from torch import nn


def model_forward(self, x):
    if self.legacy:
        warnings.warn("legacy mode is deprecated")
    return x.tanh()


class Model(nn.Module):
    def __init__(self, legacy: bool = True):
        super().__init__()
        self.legacy = legacy

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
