import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.lin = tnn.Linear(3, 2)

    def forward(self, x):
        if x.dim() != 2:
            raise ValueError(f"expected 2-D input, got {x.dim()}-D")
        return self.lin(x)


def inputs():
    return [(T.randn(2, 3),), (T.randn(4, 3),)]
