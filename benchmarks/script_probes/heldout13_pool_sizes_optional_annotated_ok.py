# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List, Optional

import torch
import torch.nn as nn
import torch.nn.functional as F


class Pyramid(nn.Module):
    def __init__(self):
        super().__init__()
        self.pools: List[Optional[int]] = [2, None, 2]
        self.convs = nn.ModuleList(nn.Conv1d(4, 4, 3, padding=1) for _ in range(3))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for i, conv in enumerate(self.convs):
            x = torch.relu(conv(x))
            k = self.pools[i]
            if k is not None:
                x = F.max_pool1d(x, k)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = Pyramid()

    def forward(self, x):
        return self.net(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4, 16),), (torch.randn(1, 4, 12),)]
