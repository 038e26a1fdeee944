import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        h = self.fc(x)
        # stop-gradient target, the old way
        target = h.data  # breaks: export,trace
        return self.norm(h) - target


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
