import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return self._forward_impl(x)
    def _forward_impl(self, x):
        y = x if x.mean() > 0 else -x
        return y.exp()


def inputs():
    return [(torch.ones(2, 3),), (-torch.ones(2, 3),)]
