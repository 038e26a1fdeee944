import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, k: int = 2):
        super().__init__()
        self.k = k
        self.gate = tnn.Linear(6, 4)

    def forward(self, x):
        logits = self.gate(x)
        vals, idx = logits.topk(self.k, dim=-1)
        weights = vals.softmax(-1)
        return (weights.unsqueeze(-1) * idx.unsqueeze(-1).float()).sum(1)


def inputs():
    return [(T.randn(2, 6),), (T.randn(5, 6),)]
