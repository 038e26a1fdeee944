# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class DualPath(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.local_path = nn.Linear(dim, dim)
        self.global_path = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = torch.zeros_like(x)
        for path in (self.local_path, self.global_path):
            out = out + torch.relu(path(x))
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = DualPath()

    def forward(self, x):
        return self.block(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(6, 4),)]
