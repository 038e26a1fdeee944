import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc = tnn.Linear(4, 4)

    def forward(self, x):
        def swish(t):
            return t * T.sigmoid(t)

        return swish(self.fc(x))


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
