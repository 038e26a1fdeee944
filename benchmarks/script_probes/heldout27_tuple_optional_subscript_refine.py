# ruff: noqa  (a probe is written as users write models)
from typing import Optional, Tuple

import torch
import torch.nn as nn
from torch import Tensor


class MemoryCell(nn.Module):
    """Recurrent memory: the state is a (maybe-missing memory, hidden) pair checked by index."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.cell = nn.GRUCell(dim, dim)

    def forward(self, x, h):
        state: Tuple[Optional[Tensor], Tensor] = (None, h)
        if x.shape[0] > 2:
            state = (x.mean(0, keepdim=True), h)
        h = self.cell(x, state[1])
        if state[0] is not None:
            h = h + state[0]
        return h


Model = MemoryCell


def inputs():
    torch.manual_seed(2708)
    return [(torch.randn(4, 6), torch.randn(4, 6)), (torch.randn(2, 6), torch.randn(2, 6))]
