# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
from typing import List


class UNetTail(nn.Module):
    def __init__(self, depth: int = 4, dim: int = 4):
        super().__init__()
        self.depth = depth
        self.fuse = nn.Linear(dim, dim)

    def forward(self, skips: List[torch.Tensor]) -> torch.Tensor:
        x = skips[-1]
        for i in range(len(skips) - 2, -1, -1):
            x = self.fuse(x) + skips[i]
        evens = skips[::2]
        return x + torch.stack(evens[::-1]).sum(0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.tail = UNetTail()

    def forward(self, a, b, c, d):
        return self.tail([a, b, c, d])


def inputs():
    torch.manual_seed(0)
    return [tuple(torch.randn(2, 4) for _ in range(4)), tuple(torch.randn(1, 4) for _ in range(4))]
