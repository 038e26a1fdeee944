# ruff: noqa  (a probe is written as users write models)
import string
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class MultiExitNet(nn.Module):
    """Returns one logit tensor per exit, keyed exit_a, exit_b, ..."""

    def __init__(self, dim: int = 4, exits: int = 3):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(dim, dim) for _ in range(exits)])

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        out: Dict[str, Tensor] = {}
        for i, blk in enumerate(self.blocks):
            x = torch.tanh(blk(x))
            out["exit_" + string.ascii_lowercase[i]] = x
        return out


Model = MultiExitNet


def inputs():
    torch.manual_seed(2442)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
