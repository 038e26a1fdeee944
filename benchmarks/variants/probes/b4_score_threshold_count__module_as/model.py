import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.cls = nn.Linear(dim, 1)

    def forward(self, feats):
        return h.model_forward(self, feats)


def inputs():
    return [(torch.randn(6, 8),), (torch.randn(5, 8) * 4,)]
