# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TabularMLP(nn.Module):
    """Tabular: layers registered as attributes, run in order by walking self._modules."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(12, 32)
        self.act1 = nn.SiLU()
        self.fc2 = nn.Linear(32, 16)
        self.act2 = nn.SiLU()
        self.out = nn.Linear(16, 1)

    def forward(self, x):
        for layer in self._modules.values():
            x = layer(x)
        return x.squeeze(-1)


Model = TabularMLP


def inputs():
    torch.manual_seed(5504)
    return [(torch.randn(4, 12),), (torch.randn(7, 12),)]
