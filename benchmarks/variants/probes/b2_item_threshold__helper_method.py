import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return self._forward_impl(x)
    def _forward_impl(self, x):
        peak = x.abs().max().item()
        if peak > 10:
            x = x / peak
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4) * 100,)]
