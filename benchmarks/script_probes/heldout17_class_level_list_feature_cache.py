# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class Block(nn.Module):
    collected: List[Tensor] = []

    def __init__(self, dim=6):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        y = torch.tanh(self.fc(x))
        Block.collected.append(y.detach())
        return y + x


Model = Block


def inputs():
    torch.manual_seed(16)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
