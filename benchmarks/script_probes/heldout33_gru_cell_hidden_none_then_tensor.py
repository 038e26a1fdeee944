# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class RecurrentEncoder(nn.Module):
    """Unrolled GRU encoder: the hidden state starts empty and the cell fills it on the first
    step (GRUCell takes no hidden state as zeros)."""

    def __init__(self, d_in: int = 5, d_hidden: int = 7):
        super().__init__()
        self.cell = nn.GRUCell(d_in, d_hidden)
        self.readout = nn.Linear(d_hidden, 3)

    def _step(self, x_t: Tensor, h: Optional[Tensor]) -> Tensor:
        return self.cell(x_t, h)

    def forward(self, x: Tensor) -> Tensor:
        h = None
        for x_t in x.unbind(1):
            h = self._step(x_t, h)
        return self.readout(h)


Model = RecurrentEncoder


def inputs():
    torch.manual_seed(3301)
    return [(torch.randn(2, 4, 5),), (torch.randn(3, 6, 5),)]
