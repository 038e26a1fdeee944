import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.cls = tnn.Linear(dim, 1)

    def forward(self, feats):
        scores = self.cls(feats).squeeze(-1).sigmoid()
        num_pos = int((scores > 0.5).sum())  # breaks: compile,export
        top = scores.topk(max(num_pos, 1)).values
        return top.mean()


def inputs():
    return [(T.randn(6, 8),), (T.randn(5, 8) * 4,)]
