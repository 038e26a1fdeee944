import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = tnn.Linear(dim, dim)
        self.mask_token = tnn.Parameter(T.zeros(dim))

    def forward(self, x, mask):
        x = x.clone()
        x[mask] = self.mask_token.to(x.dtype)
        return self.fc(x)


def inputs():
    return [
        (T.randn(2, 3, 8), T.tensor([[True, False, False], [False, True, True]])),
        (T.randn(3, 3, 8), T.tensor([[False] * 3, [True] * 3, [True, False, True]])),
    ]
