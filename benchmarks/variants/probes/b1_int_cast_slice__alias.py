import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, x, lengths):
        longest = int(lengths.max())
        return x[:, :longest].sum(1)


def inputs():
    return [
        (T.randn(2, 6, 3), T.tensor([3, 2])),
        (T.randn(2, 6, 3), T.tensor([5, 6])),
    ]
