import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.proj(x)
        pooled = sum(h) / h.shape[0]  # breaks: trace
        return pooled.tanh()


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
