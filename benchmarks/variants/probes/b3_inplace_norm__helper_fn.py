import torch
from torch import nn


def model_forward(self, x):
    h = x.float()
    var = h.pow(2).mean(-1, keepdim=True)
    h.mul_(torch.rsqrt(var + self.eps))
    h = h.to(x.dtype) * self.weight
    h.clamp_(min=-5.0, max=5.0)
    return h


class Model(nn.Module):
    def __init__(self, dim: int = 8, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(5, 8) * 10,)]
