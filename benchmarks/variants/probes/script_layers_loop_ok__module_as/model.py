import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self, depth: int = 3):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(depth)])

    def forward(self, x):
        return h.model_forward(self, x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
