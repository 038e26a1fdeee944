# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
from typing import List


class MixConv(nn.Module):
    def __init__(self, kernels: List[int] = [3, 5, 3, 7]):
        super().__init__()
        self.kernels = kernels
        self.convs = nn.ModuleList([nn.Conv1d(2, 2, k, padding=k // 2) for k in sorted(set(kernels))])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        unique = {k for k in self.kernels}
        y = sum(conv(x) for conv in self.convs)
        return y / len(unique)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mix = MixConv()

    def forward(self, x):
        return self.mix(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 2, 10),), (torch.randn(3, 2, 12),)]
