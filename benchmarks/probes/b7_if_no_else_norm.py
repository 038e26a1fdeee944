import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8, max_norm: float = 4.0):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.max_norm = max_norm

    def forward(self, x):
        h = F.gelu(self.fc(x))
        norm = h.norm()
        if norm > self.max_norm:  # breaks: compile,export,trace
            h = h * (self.max_norm / norm)
        return h


def inputs():
    return [(torch.randn(2, 8) * 0.01,), (torch.randn(6, 8) * 50,)]
