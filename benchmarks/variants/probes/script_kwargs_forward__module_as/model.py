import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x, **kwargs):
        return h.model_forward(self, x, **kwargs)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
