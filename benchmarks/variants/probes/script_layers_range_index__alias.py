import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, depth: int = 3):
        super().__init__()
        self.layers = tnn.ModuleList([tnn.Linear(4, 4) for _ in range(depth)])

    def forward(self, x):
        for i in range(len(self.layers)):
            x = T.relu(self.layers[i](x))
        return x


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
