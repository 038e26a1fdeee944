# ruff: noqa  (a probe is written as users write models)
from typing import Dict, Tuple

import torch
import torch.nn as nn
from torch import Tensor


class CachedRelPosBias(nn.Module):
    """Relative position bias with a per-(height, width) cache of the index tensor."""

    def __init__(self, heads: int = 2, max_size: int = 8):
        super().__init__()
        self.table = nn.Parameter(torch.randn(2 * max_size - 1, heads) * 0.02)
        self.max_size = max_size
        self.cache: Dict[Tuple[int, int], Tensor] = {}

    def _index(self, h: int, w: int) -> Tensor:
        key = (h, w)
        if key not in self.cache:
            coords = torch.arange(h * w) % w
            self.cache[key] = coords[:, None] - coords[None, :] + self.max_size - 1
        return self.cache[key]

    def forward(self, x: Tensor) -> Tensor:
        h, w = x.shape[-2], x.shape[-1]
        bias = self.table[self._index(h, w)]
        return bias.permute(2, 0, 1)


Model = CachedRelPosBias


def inputs():
    torch.manual_seed(4003)
    return [(torch.randn(1, 2, 3, 4),), (torch.randn(1, 2, 2, 2),)]
