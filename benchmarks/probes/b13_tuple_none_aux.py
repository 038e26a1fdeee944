import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8, with_aux: bool = False):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.aux = nn.Linear(dim, 2) if with_aux else None

    def forward(self, x):
        h = self.fc(x)
        aux = self.aux(h) if self.aux is not None else None
        return h, aux  # breaks: trace


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
