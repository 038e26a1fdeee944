# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(5, 5) for _ in range(3)])

    def forward(self, x):
        aux: List[Tensor] = []
        for blk in self.blocks:
            x = torch.tanh(blk(x))
            aux.append(x.pow(2).mean())
        return x, sum(aux)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5),), (torch.randn(6, 5),)]
