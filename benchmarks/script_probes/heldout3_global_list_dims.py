# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn

REDUCE_DIMS = [1]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self.fc(x) - self.fc(x).mean(REDUCE_DIMS, keepdim=True)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
