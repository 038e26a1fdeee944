import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return self._forward_impl(x)
    def _forward_impl(self, x):
        scale = x.abs().max().item()
        return x / (scale + 1e-6)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3) * 10,)]
