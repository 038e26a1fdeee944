# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class CoarseToFine(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.smooth = nn.Conv2d(dim, dim, 3, padding=1)

    def forward(self, feats: List[Tensor]) -> Tensor:
        feats = list(feats)
        feats.sort(key=lambda t: t.shape[-1])
        out = feats[0]
        for f in feats[1:]:
            out = F.interpolate(out, size=f.shape[-2:], mode="nearest") + f
        return self.smooth(out)


Model = CoarseToFine


def inputs():
    torch.manual_seed(2313)
    return [
        ([torch.randn(1, 4, 8, 8), torch.randn(1, 4, 2, 2), torch.randn(1, 4, 4, 4)],),
        ([torch.randn(2, 4, 3, 3), torch.randn(2, 4, 6, 6)],),
    ]
