import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.proj(x)
        positive = h.sum(dim=-1, keepdim=True) > 0
        return torch.where(positive, h.relu(), -h)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(5, 8) * 3,)]
