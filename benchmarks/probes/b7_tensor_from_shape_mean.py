import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        n = torch.tensor(x.shape[1], dtype=h.dtype)
        return h.sum(dim=1) / n


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(2, 7, 8),)]
