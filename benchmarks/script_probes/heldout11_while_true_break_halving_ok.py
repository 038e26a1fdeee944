# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
import torch.nn.functional as F


class DownToSize(nn.Module):
    def __init__(self, target: int = 4):
        super().__init__()
        self.target = target
        self.conv = nn.Conv2d(2, 2, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        steps = 0
        while True:
            if x.shape[-1] <= self.target:
                break
            x = F.max_pool2d(self.conv(x), 2)
            steps += 1
        return x.flatten(1) * (steps + 1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = DownToSize()

    def forward(self, x):
        return self.down(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 2, 16, 16),), (torch.randn(2, 2, 8, 8),)]
