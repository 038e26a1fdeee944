import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.proj(x)
        if (x > 0).all():  # breaks: compile,export,trace
            h = F.relu(h)
        else:
            h = torch.tanh(h)
        return h


def inputs():
    return [(torch.rand(3, 8) + 0.1,), (torch.randn(3, 8),)]
