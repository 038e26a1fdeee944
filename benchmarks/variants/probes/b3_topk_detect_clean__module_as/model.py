import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self, dim: int = 8, num_classes: int = 5, k: int = 4):
        super().__init__()
        self.cls = nn.Linear(dim, num_classes)
        self.box = nn.Linear(dim, 4)
        self.k = k

    def forward(self, feats):
        return h.model_forward(self, feats)


def inputs():
    return [(torch.randn(2, 10, 8),), (torch.randn(3, 12, 8),)]
