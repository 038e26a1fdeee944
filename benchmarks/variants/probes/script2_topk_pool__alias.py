import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, k: int = 2):
        super().__init__()
        self.k = k
        self.score = tnn.Linear(4, 1)

    def forward(self, x):
        s = self.score(x).squeeze(-1)
        idx = s.topk(self.k, dim=1).indices
        return T.gather(x, 1, idx.unsqueeze(-1).expand(-1, -1, x.size(-1)))


def inputs():
    return [(T.randn(2, 5, 4),), (T.randn(3, 6, 4),)]
