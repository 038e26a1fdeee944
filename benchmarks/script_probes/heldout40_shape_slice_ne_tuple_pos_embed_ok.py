# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class InterpolatedPosEmbed(nn.Module):
    """Learned 2-D position embedding resized only when the feature grid differs."""

    def __init__(self, dim: int = 4, grid: int = 4):
        super().__init__()
        self.grid = grid
        self.pos = nn.Parameter(torch.randn(1, dim, grid, grid) * 0.02)

    def forward(self, x: Tensor) -> Tensor:
        pos = self.pos
        if x.shape[-2:] != (self.grid, self.grid):
            pos = F.interpolate(
                pos, size=(x.shape[-2], x.shape[-1]), mode="bilinear", align_corners=False
            )
        return x + pos


Model = InterpolatedPosEmbed


def inputs():
    torch.manual_seed(4004)
    return [(torch.randn(2, 4, 4, 4),), (torch.randn(2, 4, 6, 5),)]
