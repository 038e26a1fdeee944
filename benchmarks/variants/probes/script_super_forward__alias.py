import torch as T
from torch import nn as tnn


class Model(tnn.Linear):
    def __init__(self):
        super().__init__(4, 4)

    def forward(self, x):
        return T.tanh(super().forward(x))


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
