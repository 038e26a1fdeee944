# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, dim: int, depth: int, skip_layers=(1, 3)):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
        self.skip_layers = set(skip_layers)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for i, layer in enumerate(self.layers):
            if i in self.skip_layers:
                continue
            x = torch.tanh(layer(x))
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder(5, 4)

    def forward(self, x):
        return self.encoder(x)


def inputs():
    return [(torch.randn(2, 5),), (torch.randn(1, 5),)]
