import random

import torch
from torch import nn


class Model(nn.Module):
    """One-shot NAS supernet: each stage runs one randomly sampled candidate op."""

    def __init__(self, dim: int = 8, stages: int = 4, choices: int = 3):
        super().__init__()
        self.stages = nn.ModuleList(
            nn.ModuleList(nn.Linear(dim, dim) for _ in range(choices)) for _ in range(stages)
        )

    def forward(self, x):
        for candidates in self.stages:
            op = random.choice(candidates)  # breaks: compile,export,trace
            x = torch.relu(op(x))
        return x


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
