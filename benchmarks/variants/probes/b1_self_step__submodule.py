import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.step = 0

    def forward(self, x):
        self.step += 1
        warm = min(1.0, self.step / 10)
        return self.fc(x) * warm


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
