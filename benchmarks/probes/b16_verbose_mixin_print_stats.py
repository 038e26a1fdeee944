import torch
from torch import nn


class DebugStatsMixin:
    verbose = True

    def report(self, name, t):
        if self.verbose:
            print(f"[{type(self).__name__}] {name}: shape={tuple(t.shape)} mean={t.mean():.4f}")  # breaks: compile,export


class ResidualMLP(DebugStatsMixin, nn.Module):
    def __init__(self, dim: int = 12, hidden: int = 24):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        h = torch.relu(self.fc1(self.norm(x)))
        self.report("hidden", h)
        return x + self.fc2(h)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(ResidualMLP(), ResidualMLP())
        self.head = nn.Linear(12, 2)

    def forward(self, x):
        return self.head(self.blocks(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4, 12),), (torch.randn(6, 12),)]
