# ruff: noqa  (a probe is written as users write models)
import functools
import operator

import torch
from torch import nn


class FlattenHead(nn.Module):
    def __init__(self, in_feats=24, num_classes=5):
        super().__init__()
        self.fc = nn.Linear(in_feats, num_classes)

    def forward(self, x):
        flat = functools.reduce(operator.mul, x.shape[1:], 1)
        return self.fc(x.reshape(x.shape[0], flat))


Model = FlattenHead


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6, 4),), (torch.randn(3, 2, 12),)]
