import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, threshold: float = 0.0):
        return self._forward_impl(x, threshold)
    def _forward_impl(self, x, threshold: float = 0.0):
        pos = x > threshold
        return torch.where(pos, x, x * 0.01)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
