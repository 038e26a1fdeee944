# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
from torch import nn


def masked_mean(x: torch.Tensor, mask: Optional[torch.Tensor] = None) -> torch.Tensor:
    x = x.masked_fill(mask, 0.0)
    return x.mean(-1)


class Model(nn.Module):
    def forward(self, x):
        return masked_mean(x, x < 0)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
