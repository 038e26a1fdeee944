# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class FlattenHead(nn.Module):
    def __init__(self, in_features: int, classes: int):
        super().__init__()
        self.fc = nn.Linear(in_features, classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[1:].numel()
        return self.fc(x.reshape(x.shape[0], n))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, padding=1)
        self.head = FlattenHead(2 * 4 * 4, 3)

    def forward(self, x):
        return self.head(self.conv(x))


def inputs():
    return [(torch.randn(1, 1, 4, 4),), (torch.randn(3, 1, 4, 4),)]
