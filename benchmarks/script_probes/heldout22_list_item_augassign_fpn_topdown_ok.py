# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class TopDownFPN(nn.Module):
    def __init__(self, chans: List[int] = [4, 6, 8], out: int = 4):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(c, out, 1) for c in chans])

    def forward(self, feats: List[Tensor]) -> List[Tensor]:
        outs: List[Tensor] = []
        for i, lat in enumerate(self.lateral):
            outs.append(lat(feats[i]))
        for i in range(len(outs) - 1, 0, -1):
            outs[i - 1] += F.interpolate(outs[i], size=outs[i - 1].shape[-2:], mode="nearest")
        return outs


Model = TopDownFPN


def inputs():
    torch.manual_seed(2220)
    return [
        ([torch.randn(1, 4, 8, 8), torch.randn(1, 6, 4, 4), torch.randn(1, 8, 2, 2)],),
        ([torch.randn(2, 4, 6, 6), torch.randn(2, 6, 3, 3), torch.randn(2, 8, 2, 2)],),
    ]
