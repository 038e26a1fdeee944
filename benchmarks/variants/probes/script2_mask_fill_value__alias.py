import torch as T
from torch import nn as tnn

NEG_INF = -1e9


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc = tnn.Linear(4, 4)

    def forward(self, x, lengths):
        scores = self.fc(x).sum(-1)
        pos = T.arange(x.size(1), device=x.device)
        mask = pos[None, :] >= lengths[:, None]
        return scores.masked_fill(mask, NEG_INF).softmax(-1)


def inputs():
    return [
        (T.randn(2, 5, 4), T.tensor([3, 5])),
        (T.randn(3, 4, 4), T.tensor([1, 2, 4])),
    ]
