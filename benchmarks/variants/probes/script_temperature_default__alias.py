import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.head = tnn.Linear(6, 4)

    def forward(self, x, temperature=1.0):
        return (self.head(x) / temperature).log_softmax(-1)


def inputs():
    return [(T.randn(2, 6),), (T.randn(3, 6),)]
