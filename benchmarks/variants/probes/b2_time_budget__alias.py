import time

import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, budget_s: float = 10.0):
        super().__init__()
        self.budget_s = budget_s
        self.layers = tnn.ModuleList([tnn.Linear(4, 4) for _ in range(3)])

    def forward(self, x):
        deadline = time.monotonic() + self.budget_s
        for layer in self.layers:
            if time.monotonic() > deadline:
                break
            x = layer(x)
        return x


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
