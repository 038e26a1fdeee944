import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, logits, labels):
        valid = labels != -100
        return logits[valid].logsumexp(-1).mean()


def inputs():
    return [
        (T.randn(4, 3), T.tensor([0, -100, 2, 1])),
        (T.randn(4, 3), T.tensor([-100, -100, 2, 1])),
    ]
