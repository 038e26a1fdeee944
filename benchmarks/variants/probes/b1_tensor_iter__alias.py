import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, x):
        rows = []
        for row in x:
            rows.append(row.softmax(-1))
        return T.stack(rows)


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
