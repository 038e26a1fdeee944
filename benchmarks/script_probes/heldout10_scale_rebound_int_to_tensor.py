# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class GatedBlock(nn.Module):
    def __init__(self, dim: int = 5, gated: bool = True):
        super().__init__()
        self.gated = gated
        self.fc = nn.Linear(dim, dim)
        self.gate = nn.Linear(dim, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        scale = 1
        if self.gated:
            scale = torch.sigmoid(self.gate(x))
        return self.fc(x) * scale


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = GatedBlock()

    def forward(self, x):
        return self.block(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5),), (torch.randn(3, 5),)]
