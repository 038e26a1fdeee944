import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.heads = tnn.ModuleList([tnn.Linear(4, 2), tnn.Linear(4, 2), tnn.Linear(4, 2)])

    def forward(self, x):
        chunks = x.chunk(4, dim=-1)
        parts = [c * 2 for c in chunks if c.numel() > 0]
        return T.cat(parts, -1)


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
