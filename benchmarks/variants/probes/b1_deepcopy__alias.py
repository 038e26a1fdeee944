import copy

import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, x):
        residual = copy.deepcopy(x)
        x = x.relu_()
        return x + residual


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
