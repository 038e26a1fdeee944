import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def forward(self, x, eps: float = 1e-5, clip: bool = True):
        return h.model_forward(self, x, eps, clip)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
