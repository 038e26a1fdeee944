import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc = tnn.Linear(4, 4)

    def forward(self, x):
        outs = []
        for b in range(x.shape[0]):
            outs.append(self.fc(x[b]).softmax(-1))
        return T.stack(outs)


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
