import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.num_calls = 0
        self.fc = tnn.Linear(4, 4)

    def forward(self, x):
        self.num_calls = self.num_calls + 1
        if self.num_calls % 2 == 0:
            return self.fc(x)
        return self.fc(x) * 0.5


def inputs():
    return [(T.randn(2, 4),), (T.randn(2, 4),)]
