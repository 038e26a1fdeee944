# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Adapter(nn.Module):
    def __init__(self, dim: int, bottleneck: int = 4):
        super().__init__()
        self.down = nn.Linear(dim, bottleneck)
        self.up = nn.Linear(bottleneck, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.up(torch.relu(self.down(x)))


class Model(nn.Module):
    """Multi-task adapters: each task's adapter is kept, the active ones are summed."""

    def __init__(self, dim: int = 8, tasks=("sentiment", "ner", "qa")):
        super().__init__()
        self.body = nn.Linear(dim, dim)
        self.adapters = nn.ModuleDict({t: Adapter(dim) for t in tasks})
        self.active = {"sentiment", "qa"}

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = torch.relu(self.body(x))
        delta = torch.zeros_like(h)
        for name, adapter in self.adapters.items():
            if name in self.active:  # breaks: script
                delta = delta + adapter(h)
        return h + delta


def inputs():
    torch.manual_seed(6916)
    return [(torch.randn(4, 8),), (torch.randn(6, 8),)]
