import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        torch._assert(x.min() >= 0, "expects non-negative features")  # breaks: compile,export
        return self.fc(x.sqrt())


def inputs():
    return [(torch.rand(2, 8),), (torch.rand(3, 8) + 1.0,)]
