import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.lin = tnn.Linear(4, 2)

    def forward(self, x):
        with T.inference_mode():
            stats = x.mean(0, keepdim=True)
        return self.lin(x - stats)


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
