import copy

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return self._forward_impl(x)
    def _forward_impl(self, x):
        residual = copy.deepcopy(x)
        x = x.relu_()
        return x + residual


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
