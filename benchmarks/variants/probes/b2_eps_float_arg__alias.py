import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, x, eps: float = 1e-5, clip: bool = True):
        x = x / (x.std(-1, keepdim=True) + eps)
        if clip and eps < 1.0:
            x = x.clamp(-3.0, 3.0)
        return x


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
