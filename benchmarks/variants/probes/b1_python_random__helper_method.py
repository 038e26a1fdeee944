import random

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return self._forward_impl(x)
    def _forward_impl(self, x):
        if random.random() < 0.5:
            x = x.flip(-1)
        return x * 2


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
