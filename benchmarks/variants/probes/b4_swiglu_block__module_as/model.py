import torch
import torch.nn.functional as F
from torch import nn
from . import helpers as h
from .helpers import SwiGLU


class Model(nn.Module):
    def __init__(self, depth: int = 2):
        super().__init__()
        self.blocks = nn.ModuleList([SwiGLU() for _ in range(depth)])
        self.norms = nn.ModuleList([nn.RMSNorm(8) for _ in range(depth)])

    def forward(self, x):
        return h.model_forward(self, x)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(4, 5, 8),)]
