import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.lin = tnn.Linear(4, 2)
        self.register_buffer("running", T.zeros(4))

    def forward(self, x):
        with T.no_grad():
            stats = x.mean(0)
        return self.lin(x - stats + self.running)


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
