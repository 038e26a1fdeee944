import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, x):
        best = int(T.argmax(x[0]))
        return x[:, best]


def inputs():
    return [(T.tensor([[0.0, 5.0, 1.0], [1.0, 2.0, 3.0]]),), (T.tensor([[9.0, 0.0, 1.0], [4.0, 2.0, 3.0]]),)]
