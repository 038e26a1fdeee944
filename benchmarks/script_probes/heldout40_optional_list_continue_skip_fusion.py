# ruff: noqa  (a probe is written as users write models)
from typing import List, Optional

import torch
import torch.nn as nn
from torch import Tensor


class SkipFusion(nn.Module):
    """Decoder stage that adds whichever encoder skips are present."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, x: Tensor, skips: List[Optional[Tensor]]) -> Tensor:
        for skip in skips:
            if skip is None:
                continue
            x = x + skip
        return self.conv(x)


Model = SkipFusion


def inputs():
    torch.manual_seed(4037)
    return [
        (torch.randn(1, 4, 4, 4), [torch.randn(1, 4, 4, 4), None]),
        (torch.randn(2, 4, 3, 3), [None, torch.randn(2, 4, 3, 3)]),
    ]
