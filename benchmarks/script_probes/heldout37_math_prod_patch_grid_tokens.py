# ruff: noqa  (a probe is written as users write models)
import math
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class PatchEmbed(nn.Module):
    """ViT patch embedding with a learned position table sized for the largest grid."""

    def __init__(self, channels: int = 3, dim: int = 8, patch: int = 4, max_tokens: int = 64):
        super().__init__()
        self.proj = nn.Conv2d(channels, dim, patch, stride=patch)
        self.pos = nn.Parameter(torch.randn(1, max_tokens, dim) * 0.02)

    def grid(self, x: Tensor) -> List[int]:
        return [x.shape[-2] // 4, x.shape[-1] // 4]

    def forward(self, x: Tensor) -> Tensor:
        num_tokens = math.prod(self.grid(x))
        tokens = self.proj(x).flatten(2).transpose(1, 2)
        return tokens + self.pos[:, :num_tokens]


Model = PatchEmbed


def inputs():
    torch.manual_seed(3703)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 8, 12),)]
