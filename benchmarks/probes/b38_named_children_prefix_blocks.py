# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class StagedNet(nn.Module):
    """Runs every child whose name starts with ``block`` in registration order."""

    def __init__(self, dim=8):
        super().__init__()
        self.block1 = nn.Sequential(nn.Linear(dim, dim), nn.ReLU())
        self.block2 = nn.Sequential(nn.Linear(dim, dim), nn.ReLU())
        self.block3 = nn.Sequential(nn.Linear(dim, dim), nn.ReLU())
        self.head = nn.Linear(dim, 2)

    def forward(self, x):
        for name, child in self.named_children():
            if name.startswith("block"):
                x = child(x) + x
        return self.head(x)


Model = StagedNet


def inputs():
    torch.manual_seed(3815)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
