# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
        self.base_decay = 0.5

    @property
    def num_layers(self) -> int:
        return len(self.layers)

    @property
    def decay(self) -> float:
        return self.base_decay / self.num_layers

    def forward(self, x):
        out = x
        for i, layer in enumerate(self.layers):
            out = out + (self.decay * (i + 1)) * layer(out)
        return out


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
