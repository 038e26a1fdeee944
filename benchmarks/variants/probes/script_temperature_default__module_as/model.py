import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(6, 4)

    def forward(self, x, temperature=1.0):
        return h.model_forward(self, x, temperature)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
