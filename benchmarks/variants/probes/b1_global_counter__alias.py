import torch as T
from torch import nn as tnn

CALLS = 0


class Model(tnn.Module):
    def forward(self, x):
        global CALLS
        CALLS += 1
        return x * CALLS


def inputs():
    return [(T.randn(2, 4),), (T.randn(2, 4),)]
