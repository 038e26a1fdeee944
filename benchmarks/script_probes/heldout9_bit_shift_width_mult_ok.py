# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Stem(nn.Module):
    BASE = 4

    def __init__(self, levels: int = 3):
        super().__init__()
        widths = [self.BASE << i for i in range(levels)]
        self.convs = nn.ModuleList(
            [nn.Conv2d(3 if i == 0 else widths[i - 1], w, 3, padding=1) for i, w in enumerate(widths)]
        )
        self.out_dim = widths[-1] | 1

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for conv in self.convs:
            x = torch.relu(conv(x))
        return x.mean((2, 3)) * (self.out_dim >> 1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = Stem()

    def forward(self, x):
        return self.stem(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 6),)]
