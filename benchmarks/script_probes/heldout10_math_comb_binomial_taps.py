# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math
from typing import List

import torch
import torch.nn.functional as F
from torch import nn


def binomial_taps(order: int) -> List[float]:
    total = 2.0 ** order
    return [math.comb(order, k) / total for k in range(order + 1)]


class BlurPool1d(nn.Module):
    def __init__(self, order: int = 4):
        super().__init__()
        self.order = order
        self.fc = nn.Linear(6, 6)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        taps = torch.tensor(binomial_taps(self.order), dtype=x.dtype)
        kernel = taps.view(1, 1, -1)
        y = F.conv1d(x.unsqueeze(1), kernel, padding=self.order // 2)
        return self.fc(y.squeeze(1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blur = BlurPool1d()

    def forward(self, x):
        return self.blur(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
