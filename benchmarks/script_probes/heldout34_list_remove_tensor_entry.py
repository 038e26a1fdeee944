# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class DropFirstFeature(nn.Module):
    """Removes the stem feature from the collected list with list.remove before fusing."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.stem = nn.Linear(dim, dim)
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(2)])

    def forward(self, x: Tensor) -> Tensor:
        h = self.stem(x)
        feats: List[Tensor] = [h]
        for layer in self.layers:
            h = layer(h)
            feats.append(h)
        feats.remove(feats[0])
        return torch.stack(feats).mean(0)


Model = DropFirstFeature


def inputs():
    torch.manual_seed(3420)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
