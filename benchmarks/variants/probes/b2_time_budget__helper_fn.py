import time

import torch
from torch import nn


def model_forward(self, x):
    deadline = time.monotonic() + self.budget_s
    for layer in self.layers:
        if time.monotonic() > deadline:
            break
        x = layer(x)
    return x


class Model(nn.Module):
    def __init__(self, budget_s: float = 10.0):
        super().__init__()
        self.budget_s = budget_s
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
