import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        if torch.is_nonzero((x < 0).all()):  # breaks: compile,export,trace
            x = -x
        return self.fc(x)


def inputs():
    return [(torch.randn(2, 8),), (-torch.rand(2, 8) - 0.1,)]
