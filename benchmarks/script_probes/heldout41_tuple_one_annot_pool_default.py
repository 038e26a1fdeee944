# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class PooledHead(nn.Module):
    """Classification head pooling to a fixed output grid before the linear layer."""

    def __init__(self, channels: int = 4, classes: int = 3):
        super().__init__()
        self.fc = nn.Linear(channels * 4, classes)

    def _pool(self, x: Tensor, output_size: Tuple[int] = (2, 2)) -> Tensor:
        return F.adaptive_avg_pool2d(x, output_size).flatten(1)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(self._pool(x))


Model = PooledHead


def inputs():
    torch.manual_seed(4112)
    return [(torch.randn(2, 4, 8, 8),), (torch.randn(1, 4, 5, 6),)]
