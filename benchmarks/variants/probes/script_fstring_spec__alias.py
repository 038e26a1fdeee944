import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.lin = tnn.Linear(3, 2)

    def forward(self, x):
        ratio = x.size(0) / 3.0
        assert x.size(1) == 3, f"bad width, ratio {ratio:.2f}"
        return self.lin(x)


def inputs():
    return [(T.randn(2, 3),), (T.randn(4, 3),)]
