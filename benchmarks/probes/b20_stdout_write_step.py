import sys
import torch
from torch import nn


class VerboseBlock(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.SiLU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        out = x + self.ff(x)
        sys.stdout.write("block done\n")  # breaks: compile
        return out


Model = VerboseBlock


def inputs():
    torch.manual_seed(14)
    return [(torch.randn(2, 8),), (torch.randn(5, 8) * 2,)]
