import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, eps: float = 1e-5, clip: bool = True):
        return self._forward_impl(x, eps, clip)
    def _forward_impl(self, x, eps: float = 1e-5, clip: bool = True):
        x = x / (x.std(-1, keepdim=True) + eps)
        if clip and eps < 1.0:
            x = x.clamp(-3.0, 3.0)
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
