import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        return h.model_forward(self, x)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 5, 8),)]
