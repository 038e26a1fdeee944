import torch
from torch import nn


class ComplexPairProjection(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.real = nn.Linear(dim, dim // 2)
        self.imag = nn.Linear(dim, dim // 2)

    def forward(self, x):
        re, im = self.real(x), self.imag(x)
        out = x.new_empty(x.shape)
        out[..., 0::2] = re
        out[..., 1::2] = im
        return out


Model = ComplexPairProjection


def inputs():
    torch.manual_seed(29)
    return [(torch.randn(3, 8),), (torch.randn(6, 8) * 2,), (torch.randn(5, 8),)]
