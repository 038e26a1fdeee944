import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        while torch.gt(torch.linalg.vector_norm(h), 4.0):  # breaks: compile,export,trace
            h *= 0.5
        return h


def inputs():
    return [(torch.randn(2, 8) * 0.05,), (torch.randn(2, 8) * 20,)]
