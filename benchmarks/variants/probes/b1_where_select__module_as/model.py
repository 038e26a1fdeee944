import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def forward(self, x, threshold: float = 0.0):
        return h.model_forward(self, x, threshold)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
