import warnings

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, legacy: bool = True):
        super().__init__()
        self.legacy = legacy

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        if self.legacy:
            warnings.warn("legacy mode is deprecated")
        return x.tanh()


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
