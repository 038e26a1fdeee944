import torch as T
from torch import nn as tnn
F = T.nn.functional


class Model(tnn.Module):
    def __init__(self, dim: int = 8, hidden: int = 16, p: float = 0.1):
        super().__init__()
        self.fc1 = tnn.Linear(dim, hidden)
        self.fc2 = tnn.Linear(hidden, dim)
        self.norm = tnn.LayerNorm(dim)
        self.drop = tnn.Dropout(p)

    def forward(self, x):
        h = self.fc2(self.drop(F.gelu(self.fc1(self.norm(x)))))
        return x + h


def inputs():
    return [(T.randn(2, 8),), (T.randn(5, 8),)]
