import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, depth: int = 3):
        super().__init__()
        self.layers = tnn.ModuleList([tnn.Linear(4, 4) for _ in range(depth)])

    def forward(self, x):
        outs = []
        for i, layer in enumerate(self.layers):
            x = T.relu(layer(x))
            outs.append(x * float(i + 1))
        return T.stack(outs, 0).sum(0)


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
