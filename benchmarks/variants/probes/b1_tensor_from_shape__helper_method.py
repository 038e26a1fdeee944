import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return self._forward_impl(x)
    def _forward_impl(self, x):
        size = torch.tensor(x.shape, dtype=torch.float32)
        return x.sum() / size.prod()


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
