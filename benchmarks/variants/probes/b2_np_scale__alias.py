import numpy as np
import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, q, k):
        scale = 1.0 / np.sqrt(q.shape[-1])
        return (q @ k.transpose(-2, -1)) * scale


def inputs():
    return [(T.randn(2, 3, 4), T.randn(2, 3, 4)), (T.randn(1, 5, 4), T.randn(1, 5, 4))]
