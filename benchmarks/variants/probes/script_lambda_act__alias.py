import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.lin = tnn.Linear(5, 5)

    def forward(self, x):
        act = lambda t: t * T.sigmoid(t)
        return act(self.lin(x))


def inputs():
    return [(T.randn(2, 5),), (T.randn(4, 5),)]
