from typing import Optional

# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def block(x: torch.Tensor, mask: Optional[torch.Tensor] = None) -> torch.Tensor:
    return x if mask is None else x * mask


class Model(nn.Module):
    def forward(self, x):
        return block(x, None) + block(x, mask=x > 0)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
