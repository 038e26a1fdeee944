# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple
import torch
import torch.nn as nn
from torch import Tensor


Size2 = Tuple[int, int]
FeatureList = List[Tensor]


def _pool_to(x: Tensor, size: Size2) -> Tensor:
    return nn.functional.adaptive_avg_pool2d(x, [size[0], size[1]])


class PyramidPool(nn.Module):
    """Pools every pyramid level to one grid size and sums them, annotated through module-level type aliases."""

    def __init__(self, grid: Size2 = (2, 2)):
        super().__init__()
        self.grid = grid

    def forward(self, feats: FeatureList) -> Tensor:
        out = _pool_to(feats[0], self.grid)
        for f in feats[1:]:
            out = out + _pool_to(f, self.grid)
        return out


Model = PyramidPool


def inputs():
    torch.manual_seed(4224)
    return [
        ([torch.randn(1, 4, 8, 8), torch.randn(1, 4, 4, 4)],),
        ([torch.randn(2, 4, 6, 6), torch.randn(2, 4, 3, 3), torch.randn(2, 4, 2, 2)],),
    ]
