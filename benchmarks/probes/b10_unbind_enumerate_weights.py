import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        acc = h.new_zeros(h.shape[1:])
        for i, row in enumerate(h.unbind(0)):  # breaks: trace
            acc = acc + row * (i + 1)
        return acc


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
