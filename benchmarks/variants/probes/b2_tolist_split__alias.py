import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, tokens, counts):
        pieces = T.split(tokens, counts.tolist())
        return T.stack([p.mean(0) for p in pieces])


def inputs():
    return [
        (T.randn(5, 3), T.tensor([2, 3])),
        (T.randn(5, 3), T.tensor([4, 1])),
    ]
