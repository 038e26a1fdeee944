import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(self.norm(x))
        if not torch.isfinite(h).all():  # breaks: compile,export,trace
            return torch.zeros_like(h)
        return x + h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()

    def forward(self, x):
        return self.block(x)


def inputs():
    bad = torch.randn(4, 8)
    bad[1, 2] = float("nan")
    return [(torch.randn(4, 8),), (bad,)]
