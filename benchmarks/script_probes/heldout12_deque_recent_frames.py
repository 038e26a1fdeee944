# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from collections import deque
from typing import List

import torch
import torch.nn as nn


class TemporalSmoother(nn.Module):
    def __init__(self, window: int = 3, dim: int = 4):
        super().__init__()
        self.window = window
        self.proj = nn.Linear(dim, dim)

    def forward(self, frames: List[torch.Tensor]) -> List[torch.Tensor]:
        recent = deque(maxlen=self.window)
        out: List[torch.Tensor] = []
        for f in frames:
            recent.append(self.proj(f))
            out.append(torch.stack(list(recent)).mean(0))
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.smooth = TemporalSmoother()

    def forward(self, frames: List[torch.Tensor]):
        return self.smooth(frames)


def inputs():
    torch.manual_seed(0)
    return [([torch.randn(2, 4) for _ in range(5)],), ([torch.randn(3, 4) for _ in range(2)],)]
