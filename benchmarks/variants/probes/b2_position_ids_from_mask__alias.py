import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.pos = tnn.Embedding(32, 4)

    def forward(self, hidden, attention_mask):
        position_ids = attention_mask.long().cumsum(-1) - 1
        position_ids = position_ids.masked_fill(attention_mask == 0, 1)
        return hidden + self.pos(position_ids)


def inputs():
    return [
        (T.randn(2, 3, 4), T.tensor([[1, 1, 1], [0, 1, 1]])),
        (T.randn(1, 5, 4), T.tensor([[0, 0, 1, 1, 1]])),
    ]
