import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.cell = tnn.GRUCell(dim, dim)

    def forward(self, x):
        h = x.new_zeros(x.size(0), x.size(2))
        outs = []
        for t in range(x.size(1)):  # breaks: trace
            h = self.cell(x[:, t], h)
            outs.append(h)
        return T.stack(outs, dim=1)


def inputs():
    return [(T.randn(2, 3, 8),), (T.randn(2, 5, 8),)]
