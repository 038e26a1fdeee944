import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc = tnn.Linear(4, 4)
        self.step = 0

    def forward(self, x):
        self.step += 1
        warm = min(1.0, self.step / 10)
        return self.fc(x) * warm


def inputs():
    return [(T.randn(2, 4),), (T.randn(2, 4),)]
