import random

import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, x):
        if random.random() < 0.5:
            x = x.flip(-1)
        return x * 2


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
