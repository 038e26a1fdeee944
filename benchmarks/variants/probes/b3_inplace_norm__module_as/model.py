import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self, dim: int = 8, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        return h.model_forward(self, x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(5, 8) * 10,)]
