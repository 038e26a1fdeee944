# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn

LN_EPS = 1e-6
NUM_GROUPS = 2


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        y = self.fc(x)
        y = y.view(y.shape[0], NUM_GROUPS, -1)
        y = (y - y.mean(-1, keepdim=True)) / (y.std(-1, keepdim=True) + LN_EPS)
        return y.flatten(1)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
