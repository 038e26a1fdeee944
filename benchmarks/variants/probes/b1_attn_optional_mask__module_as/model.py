import torch
import torch.nn.functional as F
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(8, 8)
        self.k = nn.Linear(8, 8)
        self.v = nn.Linear(8, 8)

    def forward(self, x, mask=None):
        return h.model_forward(self, x, mask)


def inputs():
    return [(torch.randn(2, 4, 8),), (torch.randn(3, 6, 8),)]
