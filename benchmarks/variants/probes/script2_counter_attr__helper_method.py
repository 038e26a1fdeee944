import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.history = []

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        y = self.fc(x)
        self.history.append(y.detach())
        return y


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
