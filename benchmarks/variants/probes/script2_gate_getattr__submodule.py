import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self, act: str = "relu"):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.act = act

    def forward(self, x):
        return getattr(torch, self.act)(self.fc(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
