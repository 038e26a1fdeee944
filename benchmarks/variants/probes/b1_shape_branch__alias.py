import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc = tnn.Linear(4, 4)

    def forward(self, x):
        if x.shape[0] > 2:
            x = x - x.mean(0, keepdim=True)
        return self.fc(x)


def inputs():
    return [(T.randn(1, 4),), (T.randn(5, 4),)]
