# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class GatedResidual(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.gate = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, *, residual_scale: float = 1.0) -> torch.Tensor:
        return residual_scale * x + torch.sigmoid(self.gate(x)) * self.fc(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([GatedResidual(4) for _ in range(2)])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x, residual_scale=0.5)
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
