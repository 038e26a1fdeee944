import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self, k: int = 2):
        super().__init__()
        self.k = k
        self.gate = nn.Linear(6, 4)

    def forward(self, x):
        return h.model_forward(self, x)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
