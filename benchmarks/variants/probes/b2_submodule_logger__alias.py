import logging

import torch as T
from torch import nn as tnn

log = logging.getLogger("model")


class Head(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc = tnn.Linear(4, 2)

    def forward(self, x):
        log.debug("head input %s", x.shape)
        return self.fc(x)


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.body = tnn.Linear(4, 4)
        self.head = Head()

    def forward(self, x):
        return self.head(self.body(x).relu())


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
