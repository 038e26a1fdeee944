import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc = tnn.Linear(4, 4)
        self.history = []

    def forward(self, x):
        y = self.fc(x)
        self.history.append(y.detach())
        return y


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
