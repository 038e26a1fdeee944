import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        h[h < 0] = 0.0
        return h.sum(dim=-1)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
