import torch
from torch import nn


class Model(nn.Linear):
    def __init__(self):
        super().__init__(4, 4)

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        return torch.tanh(super().forward(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
