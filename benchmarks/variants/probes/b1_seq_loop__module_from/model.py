import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.GRUCell(4, 4)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(2, 5, 4),)]
