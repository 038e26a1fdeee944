import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        h = self.fc(x)
        steps = 0
        while h.abs().max() > 1.0 and steps < 10:  # breaks: compile,export,trace
            h = h / 2
            steps += 1
        return h


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8) * 20,)]
