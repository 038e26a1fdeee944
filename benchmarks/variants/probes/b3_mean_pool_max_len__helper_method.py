import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        n = max(x.size(1) - 1, 1)
        h = self.fc(x)
        return (h.sum(1) - h[:, 0]) / n


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(2, 6, 8),)]
