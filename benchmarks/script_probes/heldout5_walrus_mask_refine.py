# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
from torch import nn


class MaskedPool(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x: torch.Tensor, mask: Optional[torch.Tensor] = None):
        h = self.proj(x)
        if (m := mask) is not None:
            h = h * m.unsqueeze(-1)
        return h.mean(1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = MaskedPool()

    def forward(self, x, lengths):
        mask = (torch.arange(x.shape[1]).unsqueeze(0) < lengths.unsqueeze(1)).float()
        return self.pool(x, mask)


def inputs():
    return [
        (torch.randn(2, 5, 8), torch.tensor([3, 5])),
        (torch.randn(3, 4, 8), torch.tensor([1, 2, 4])),
    ]
