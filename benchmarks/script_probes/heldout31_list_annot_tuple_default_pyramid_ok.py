# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def pyramid_pool(x: Tensor, bins: List[int] = (1, 2, 4)) -> Tensor:
    feats = [F.adaptive_max_pool2d(x, b).flatten(1) for b in bins]
    return torch.cat(feats, dim=1)


class SPPHead(nn.Module):
    """Spatial pyramid pooling head (SPP-net) feeding a classifier."""

    def __init__(self, channels: int = 3, classes: int = 5):
        super().__init__()
        self.conv = nn.Conv2d(channels, 4, 3, padding=1)
        self.fc = nn.Linear(4 * (1 + 4 + 16), classes)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(pyramid_pool(torch.relu(self.conv(x))))


Model = SPPHead


def inputs():
    torch.manual_seed(3106)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 9),)]
