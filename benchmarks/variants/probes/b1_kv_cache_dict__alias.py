import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.k = tnn.Linear(4, 4)
        self.cache = {}

    def forward(self, x):
        key = self.k(x)
        if "prev" in self.cache:
            key = key + self.cache["prev"][: key.shape[0]]
        self.cache["prev"] = key.detach()
        return key


def inputs():
    return [(T.randn(2, 4),), (T.randn(2, 4),)]
