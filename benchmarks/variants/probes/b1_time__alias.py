import time

import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc = tnn.Linear(4, 4)
        self.last_ms = 0.0

    def forward(self, x):
        start = time.perf_counter()
        y = self.fc(x)
        self.last_ms = (time.perf_counter() - start) * 1000
        return y


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
