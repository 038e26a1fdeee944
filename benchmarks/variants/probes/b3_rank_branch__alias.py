import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = tnn.Linear(dim, dim)

    def forward(self, x):
        if x.dim() == 2:  # breaks: trace
            x = x.unsqueeze(1)
        h = self.fc(x)
        return h.mean(dim=1)


def inputs():
    return [(T.randn(2, 8),), (T.randn(3, 4, 8),)]
