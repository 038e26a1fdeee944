import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.proj(x)
        if h.sum() > 0:  # breaks: compile,export,trace
            out = h.relu()
        else:
            out = -h
        return out


def inputs():
    torch.manual_seed(1)
    x = torch.randn(2, 8)
    return [(x * 0 + 1.0,), (x * 0 - 3.0,)]
