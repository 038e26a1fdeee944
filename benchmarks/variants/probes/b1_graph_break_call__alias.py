import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.a = tnn.Linear(4, 4)
        self.b = tnn.Linear(4, 4)

    def forward(self, x):
        x = self.a(x)
        T._dynamo.graph_break()
        return self.b(x)


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
