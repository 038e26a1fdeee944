# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
from torch import Tensor


class StatsProbe(nn.Module):
    def __init__(self, c: int = 3):
        super().__init__()
        self.register_buffer("mean", torch.linspace(0, 1, c))
        self.register_buffer("var", torch.linspace(1, 2, c))
        self.fc = nn.Linear(c, c)

    def forward(self, x: Tensor) -> Tuple[Tensor, Tensor]:
        total = torch.zeros(())
        for buf in self.buffers():
            total = total + buf.sum()
        return self.fc((x - self.mean) / self.var.sqrt()), total


Model = StatsProbe


def inputs():
    torch.manual_seed(2436)
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
