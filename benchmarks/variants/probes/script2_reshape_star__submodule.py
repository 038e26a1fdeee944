import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        y = self.fc(x)
        return y.reshape(*y.shape[:-1], self.heads, -1).mean(-2)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
