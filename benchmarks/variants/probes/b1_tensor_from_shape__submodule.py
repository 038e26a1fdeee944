import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, x):
        size = torch.tensor(x.shape, dtype=torch.float32)
        return x.sum() / size.prod()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
