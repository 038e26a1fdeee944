# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Pooling(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, x):
        w = torch.Tensor.softmax(self.score(x), 1)
        return (w * x).sum(1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = Pooling(8)
        self.out = nn.Linear(8, 3)

    def forward(self, x):
        return self.out(self.pool(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 2, 8),)]
