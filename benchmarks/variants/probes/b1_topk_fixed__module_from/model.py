import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self, k: int = 2):
        super().__init__()
        self.k = k
        self.gate = nn.Linear(6, 4)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
