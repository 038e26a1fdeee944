# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class FPN(nn.Module):
    def __init__(self, in_channels=(2, 3, 4), out_ch: int = 4):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(c, out_ch, 1) for c in in_channels])
        self.smooth = nn.ModuleList([nn.Conv2d(out_ch, out_ch, 3, padding=1) for _ in in_channels])

    def forward(self, feats: List[Tensor]) -> List[Tensor]:
        laterals = [conv(feats[i]) for i, conv in enumerate(self.lateral)]
        for i in range(len(laterals) - 1, 0, -1):
            laterals[i - 1] = laterals[i - 1] + F.interpolate(
                laterals[i], size=laterals[i - 1].shape[-2:], mode="nearest"
            )
        return [conv(laterals[i]) for i, conv in enumerate(self.smooth)]


Model = FPN


def inputs():
    torch.manual_seed(1940)
    a = [torch.randn(1, 2, 8, 8), torch.randn(1, 3, 4, 4), torch.randn(1, 4, 2, 2)]
    b = [torch.randn(2, 2, 9, 7), torch.randn(2, 3, 5, 4), torch.randn(2, 4, 3, 2)]
    return [(a,), (b,)]
