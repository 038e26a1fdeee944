import torch as T
from torch import nn as tnn


def safe_normalize(t):
    norm = t.norm(dim=-1, keepdim=True)
    if norm.min() < 1e-6:
        norm = norm.clamp_min(1e-6)
    return t / norm


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc = tnn.Linear(4, 4)

    def forward(self, x):
        return safe_normalize(self.fc(x))


def inputs():
    return [(T.randn(2, 4),), (T.zeros(3, 4),)]
