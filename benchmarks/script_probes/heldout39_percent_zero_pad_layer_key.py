# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class LayerTaps(nn.Module):
    """Returns every layer's output under a zero-padded key (layer00, layer01, ...)."""

    def __init__(self, dim: int = 8, depth: int = 3):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        taps: Dict[str, Tensor] = {}
        for i, layer in enumerate(self.layers):
            x = layer(x).relu()
            taps["layer%02d" % i] = x
        return taps


Model = LayerTaps


def inputs():
    torch.manual_seed(3927)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
