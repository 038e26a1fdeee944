import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, scores, feats):
        keep = (scores > 0.5).nonzero().squeeze(1)
        return feats.index_select(0, keep).sum(0)


def inputs():
    return [
        (T.tensor([0.9, 0.1, 0.7]), T.randn(3, 4)),
        (T.tensor([0.2, 0.8, 0.6]), T.randn(3, 4)),
    ]
