import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = tnn.Linear(dim, dim)

    def forward(self, x, active):
        idx = active.nonzero(as_tuple=True)[0]
        upd = self.fc(x.index_select(0, idx))
        return x.index_add(0, idx, upd)


def inputs():
    return [
        (T.randn(4, 8), T.tensor([True, False, True, True])),
        (T.randn(5, 8), T.tensor([False, True, False, False, True])),
    ]
