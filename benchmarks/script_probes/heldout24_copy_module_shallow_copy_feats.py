# ruff: noqa  (a probe is written as users write models)
import copy
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class TopDownFPN(nn.Module):
    def __init__(self, c: int = 4, levels: int = 3):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(c, c, 1) for _ in range(levels)])

    def forward(self, feats: List[Tensor]) -> List[Tensor]:
        outs = copy.copy(feats)
        for i, lat in enumerate(self.lateral):
            outs[i] = lat(feats[i])
        for i in range(len(outs) - 2, -1, -1):
            outs[i] = outs[i] + outs[i + 1].mean(dim=(2, 3), keepdim=True)
        return outs


Model = TopDownFPN


def inputs():
    torch.manual_seed(2443)
    return [
        ([torch.randn(1, 4, 8, 8), torch.randn(1, 4, 4, 4), torch.randn(1, 4, 2, 2)],),
        ([torch.randn(2, 4, 6, 6), torch.randn(2, 4, 3, 3), torch.randn(2, 4, 2, 2)],),
    ]
