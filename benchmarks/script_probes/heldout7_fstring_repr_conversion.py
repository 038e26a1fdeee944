# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


def resolve_act(x: torch.Tensor, name: str) -> torch.Tensor:
    if name == "gelu":
        return F.gelu(x)
    if name == "silu":
        return F.silu(x)
    raise ValueError(f"unknown activation {name!r}")


class Mlp(nn.Module):
    def __init__(self, dim: int = 6, act: str = "gelu"):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim * 2)
        self.fc2 = nn.Linear(dim * 2, dim)
        self.act = act

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(resolve_act(self.fc1(x), self.act))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = Mlp(act="silu")

    def forward(self, x):
        return x + self.mlp(x)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(1, 4, 6),)]
