# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class FineToCoarseMerge(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.out = nn.Conv2d(dim, dim, 1)

    def forward(self, feats: List[Tensor]) -> Tensor:
        order = sorted([(f.shape[-1], i) for i, f in enumerate(feats)])
        base = feats[order[-1][1]]
        for _, i in order[:-1]:
            base = base + F.interpolate(feats[i], size=base.shape[-2:], mode="nearest")
        return self.out(base)


Model = FineToCoarseMerge


def inputs():
    torch.manual_seed(2326)
    return [
        ([torch.randn(1, 4, 2, 2), torch.randn(1, 4, 8, 8), torch.randn(1, 4, 4, 4)],),
        ([torch.randn(2, 4, 6, 6), torch.randn(2, 4, 3, 3)],),
    ]
