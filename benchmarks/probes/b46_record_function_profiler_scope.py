# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.profiler import record_function


class Stage(nn.Module):
    def __init__(self, dim=8, depth=2):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])

    def forward(self, x):
        with record_function("stage_layers"):
            for layer in self.layers:
                x = torch.relu(layer(x))
        return x


Model = Stage


def inputs():
    torch.manual_seed(4625)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
