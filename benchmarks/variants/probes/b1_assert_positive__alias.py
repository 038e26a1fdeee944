import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, probs):
        assert (probs >= 0).all(), "probabilities must be non-negative"
        return probs / probs.sum(-1, keepdim=True)


def inputs():
    return [(T.rand(2, 4),), (T.rand(3, 4),)]
