import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(3, 3, 3, padding=1)

    def forward(self, x):
        return h.model_forward(self, x)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 3, 5),)]
