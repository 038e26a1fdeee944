import numpy as np
import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.lin = tnn.Linear(4, 4)

    def forward(self, x):
        scale = float(np.sqrt(x.size(-1)))
        return self.lin(x) / scale


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
