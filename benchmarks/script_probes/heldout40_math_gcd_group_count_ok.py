# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class AutoGroupNorm(nn.Module):
    """GroupNorm whose group count is the largest divisor of the channels up to 32, per call."""

    def __init__(self, channels: int = 12, max_groups: int = 8):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels))
        self.bias = nn.Parameter(torch.zeros(channels))
        self.max_groups = max_groups

    def forward(self, x: Tensor) -> Tensor:
        groups = math.gcd(x.shape[1], self.max_groups)
        return F.group_norm(x, groups, self.weight, self.bias)


Model = AutoGroupNorm


def inputs():
    torch.manual_seed(4035)
    return [(torch.randn(2, 12, 4, 4),), (torch.randn(1, 12, 3, 5),)]
