# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, depth=3, dim=6):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
        self.gains = nn.ParameterList(
            [nn.Parameter(torch.full((dim,), 0.1 * (i + 1))) for i in range(depth)]
        )

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = x + self.gains[i] * torch.relu(layer(x))
        return x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
