# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class ChannelsLastLinear(nn.Module):
    order: torch.jit.Final[List[int]]

    def __init__(self, ch: int = 4, out: int = 6):
        super().__init__()
        self.order = [0, 2, 3, 1]
        self.fc = nn.Linear(ch, out)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(x.permute(self.order))


Model = ChannelsLastLinear


def inputs():
    torch.manual_seed(2014)
    return [(torch.randn(1, 4, 3, 3),), (torch.randn(2, 4, 5, 2),)]
