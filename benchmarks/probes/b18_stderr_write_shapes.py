import sys
import torch
from torch import nn


class DebugBlock(nn.Module):
    def __init__(self, dim=16, verbose=True):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Linear(32, dim))
        self.verbose = verbose

    def forward(self, x):
        y = self.ff(x)
        if self.verbose:
            sys.stderr.write(f"DebugBlock in={tuple(x.shape)} out={tuple(y.shape)}\n")  # breaks: compile
        return x + y


Model = DebugBlock


def inputs():
    torch.manual_seed(12)
    return [(torch.randn(2, 16),), (torch.randn(5, 16),)]
