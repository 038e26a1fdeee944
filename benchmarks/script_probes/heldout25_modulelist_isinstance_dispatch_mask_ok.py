# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class MaskedMix(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: Tensor, mask: Optional[Tensor] = None) -> Tensor:
        y = self.fc(x)
        if mask is not None:
            y = y * mask.unsqueeze(-1)
        return y


class Encoder(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.layers = nn.ModuleList([MaskedMix(dim), nn.Linear(dim, dim), MaskedMix(dim)])

    def forward(self, x, mask: Optional[Tensor] = None):
        for layer in self.layers:
            if isinstance(layer, MaskedMix):
                x = layer(x, mask)
            else:
                x = layer(x)
        return x


Model = Encoder


def inputs():
    torch.manual_seed(2507)
    return [(torch.randn(2, 3, 4), torch.ones(2, 3)), (torch.randn(1, 5, 4), None)]
