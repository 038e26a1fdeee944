# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.func import grad


class EnergyNet(nn.Module):
    """Energy-based model: the score is minus the gradient of the energy w.r.t. the input."""

    def __init__(self, dim=6, hidden=16):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, 1)

    def energy(self, x):
        return self.fc2(torch.tanh(self.fc1(x))).sum()

    def forward(self, x):
        return -grad(self.energy)(x)


Model = EnergyNet


def inputs():
    torch.manual_seed(4602)
    return [(torch.randn(3, 6),), (torch.randn(5, 6) * 0.5,)]
