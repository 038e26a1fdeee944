import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, scores):
        rows, cols = T.where(scores > 0.5)
        return scores[rows, cols].sum() + rows.float().sum()


def inputs():
    return [(T.rand(3, 3),), (T.rand(3, 3),)]
