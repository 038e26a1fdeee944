# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Unpatchify(nn.Module):
    def __init__(self, patch: int, channels: int):
        super().__init__()
        self.patch = patch
        self.channels = channels

    def output_size(self, b: int, grid: int) -> torch.Size:
        return torch.Size([b, self.channels, grid * self.patch, grid * self.patch])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, _ = x.shape
        grid = int(n**0.5)
        return x.reshape(self.output_size(b, grid))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.unpatch = Unpatchify(2, 1)

    def forward(self, x):
        return self.unpatch(self.fc(x))


def inputs():
    return [(torch.randn(1, 4, 4),), (torch.randn(2, 9, 4),)]
