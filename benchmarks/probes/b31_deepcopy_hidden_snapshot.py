import copy

import torch
import torch.nn as nn


class RefineBlock(nn.Module):
    def __init__(self, dim=16, steps=2):
        super().__init__()
        self.steps = steps
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, h):
        initial = copy.deepcopy(h)  # breaks: compile,export,trace
        for _ in range(self.steps):
            h = h + self.mlp(h)
        return h - initial


Model = RefineBlock


def inputs():
    torch.manual_seed(7)
    return [(torch.randn(2, 16),), (torch.randn(5, 16),)]
