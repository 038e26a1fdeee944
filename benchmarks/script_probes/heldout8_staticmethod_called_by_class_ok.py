# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Tuple

import torch
import torch.nn.functional as F
from torch import nn


class PatchMerging(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.norm = nn.LayerNorm(4 * dim)
        self.reduction = nn.Linear(4 * dim, 2 * dim, bias=False)

    @staticmethod
    def pad_to_even(x: torch.Tensor) -> Tuple[torch.Tensor, int, int]:
        h, w = x.shape[1], x.shape[2]
        x = F.pad(x, (0, 0, 0, w % 2, 0, h % 2))
        return x, x.shape[1], x.shape[2]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x, h, w = PatchMerging.pad_to_even(x)
        x0 = x[:, 0::2, 0::2]
        x1 = x[:, 1::2, 0::2]
        x2 = x[:, 0::2, 1::2]
        x3 = x[:, 1::2, 1::2]
        x = torch.cat([x0, x1, x2, x3], -1)
        return self.reduction(self.norm(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.merge = PatchMerging()

    def forward(self, x):
        return self.merge(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 4, 6, 4),), (torch.randn(2, 5, 7, 4),)]
