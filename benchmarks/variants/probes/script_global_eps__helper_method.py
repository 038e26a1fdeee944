import torch
from torch import nn

EPS = 1e-6


class Model(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        rms = x.pow(2).mean(-1, keepdim=True).add(EPS).rsqrt()
        return x * rms * self.weight


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
