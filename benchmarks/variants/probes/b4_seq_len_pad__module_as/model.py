import torch
import torch.nn.functional as F
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self, dim: int = 8, patch: int = 4):
        super().__init__()
        self.patch = patch
        self.proj = nn.Linear(dim * patch, dim)

    def forward(self, x):
        return h.model_forward(self, x)


def inputs():
    return [(torch.randn(2, 8, 8),), (torch.randn(2, 6, 8),)]
