import torch
from torch import nn
from . import helpers as h
from .helpers import RMSNorm


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = RMSNorm(8)

    def forward(self, x):
        return h.model_forward(self, x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
