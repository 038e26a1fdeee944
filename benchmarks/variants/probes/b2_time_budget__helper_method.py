import time

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, budget_s: float = 10.0):
        super().__init__()
        self.budget_s = budget_s
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        deadline = time.monotonic() + self.budget_s
        for layer in self.layers:
            if time.monotonic() > deadline:
                break
            x = layer(x)
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
