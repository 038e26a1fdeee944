# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
from torch import Tensor


class PatchEmbed(nn.Module):
    """ViT patch embedding for a fixed image size; the token count is known at build time."""

    def __init__(self, channels: int = 3, dim: int = 8, patch: int = 4, image=(16, 12)):
        super().__init__()
        self.proj = nn.Conv2d(channels, dim, patch, stride=patch)
        self.num_patches = math.prod(s // patch for s in image)
        self.pos = nn.Parameter(torch.randn(1, self.num_patches, dim) * 0.02)

    def forward(self, x: Tensor) -> Tensor:
        tokens = self.proj(x).flatten(2).transpose(1, 2)
        return tokens + self.pos[:, : self.num_patches]


Model = PatchEmbed


def inputs():
    torch.manual_seed(3704)
    return [(torch.randn(2, 3, 16, 12),), (torch.randn(1, 3, 16, 12),)]
