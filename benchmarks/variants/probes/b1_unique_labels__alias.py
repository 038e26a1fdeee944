import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, labels, feats):
        classes = T.unique(labels)
        return feats[:, : classes.numel()].sum(-1)


def inputs():
    return [
        (T.tensor([0, 1, 1, 2]), T.randn(4, 5)),
        (T.tensor([0, 0, 0, 0]), T.randn(4, 5)),
    ]
