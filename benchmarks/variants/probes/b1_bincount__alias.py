import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, ids):
        counts = T.bincount(ids)
        return counts.float() / ids.numel()


def inputs():
    return [(T.tensor([0, 1, 1, 3]),), (T.tensor([2, 2, 0, 1]),)]
