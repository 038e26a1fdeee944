import torch as T
from torch import nn as tnn


@T.compiler.disable
def debug_stats(x):
    return x.mean()


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc = tnn.Linear(4, 4)

    def forward(self, x):
        y = self.fc(x)
        m = debug_stats(y)
        return y - m


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
