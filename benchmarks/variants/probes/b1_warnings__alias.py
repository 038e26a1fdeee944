import warnings

import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, legacy: bool = True):
        super().__init__()
        self.legacy = legacy

    def forward(self, x):
        if self.legacy:
            warnings.warn("legacy mode is deprecated")
        return x.tanh()


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
