import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
