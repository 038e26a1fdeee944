# ruff: noqa: UP031
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.summary = ""

    def forward(self, x):
        h = self.fc(x)
        self.summary = "peak=%.3f" % h.abs().max()  # breaks: compile,export
        return h


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
