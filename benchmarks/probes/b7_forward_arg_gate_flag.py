import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.value = nn.Linear(dim, dim)
        self.gate = nn.Linear(dim, dim)

    def forward(self, x, use_gate):
        h = self.value(x)
        if use_gate:  # breaks: compile,export,trace
            h = h * torch.sigmoid(self.gate(x))
        return h


def inputs():
    return [(torch.randn(2, 8), torch.tensor(False)), (torch.randn(2, 8), torch.tensor(True))]
