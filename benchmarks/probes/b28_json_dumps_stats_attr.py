import json

import torch
from torch import nn


class StatsMixin:
    def record(self, **stats):
        self.last_stats = json.dumps({k: round(float(v), 4) for k, v in stats.items()})  # breaks: compile,export


class Model(StatsMixin, nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.body = nn.Linear(dim, dim)
        self.last_stats = "{}"

    def forward(self, x):
        y = torch.tanh(self.body(x))
        self.record(mean=y.detach().mean(), absmax=y.detach().abs().max())
        return y


def inputs():
    torch.manual_seed(6)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
