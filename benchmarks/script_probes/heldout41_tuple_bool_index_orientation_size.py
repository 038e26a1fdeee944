# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class StripPooling(nn.Module):
    """Strip pooling along rows or columns; the pooled size is picked from (h, w) by a flag."""

    def __init__(self, channels: int = 4, vertical: bool = True):
        super().__init__()
        self.vertical = vertical
        self.conv = nn.Conv2d(channels, channels, 1)

    def forward(self, x: Tensor) -> Tensor:
        h, w = x.shape[-2], x.shape[-1]
        length = (w, h)[self.vertical]
        if self.vertical:
            pooled = F.adaptive_avg_pool2d(x, (length, 1))
        else:
            pooled = F.adaptive_avg_pool2d(x, (1, length))
        return x * torch.sigmoid(self.conv(pooled))


Model = StripPooling


def inputs():
    torch.manual_seed(4105)
    return [(torch.randn(2, 4, 6, 5),), (torch.randn(1, 4, 3, 7),)]
