from typing import List

import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.proj = tnn.Linear(4, 4)

    def forward(self, feats: List[T.Tensor]):
        total = T.zeros_like(feats[0])
        for f in feats:
            total = total + self.proj(f)
        return total / len(feats)


def inputs():
    return [([T.randn(2, 4), T.randn(2, 4)],), ([T.randn(3, 4), T.randn(3, 4)],)]
