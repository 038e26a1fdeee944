import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, x):
        y = x if x.mean() > 0 else -x
        return y.exp()


def inputs():
    return [(T.ones(2, 3),), (-T.ones(2, 3),)]
