# ruff: noqa  (a probe is written as users write models)
import random

import torch
import torch.nn as nn


class SeededAugment(nn.Module):
    """Deterministic gain drawn from a private Random instance (same every call)."""

    def __init__(self, dim=8, seed=7):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.seed = seed

    def forward(self, x):
        rng = random.Random(self.seed)
        gain = 0.5 + rng.random()
        return self.fc(x * gain)


Model = SeededAugment


def inputs():
    torch.manual_seed(3616)
    return [(torch.randn(2, 8),), (torch.randn(2, 8),), (torch.randn(3, 8),)]
