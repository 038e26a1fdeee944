# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ResidualMLP(nn.Module):
    """The shortcut gets a projection only when the widths differ."""

    def __init__(self, in_dim: int = 8, out_dim: int = 8):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, out_dim * 2)
        self.fc2 = nn.Linear(out_dim * 2, out_dim)
        self.proj = nn.Linear(in_dim, out_dim) if in_dim != out_dim else None

    def forward(self, x):
        shortcut = self.proj(x) if self.proj is not None else x
        return shortcut + self.fc2(torch.relu(self.fc1(x)))


Model = ResidualMLP


def inputs():
    torch.manual_seed(2207)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
