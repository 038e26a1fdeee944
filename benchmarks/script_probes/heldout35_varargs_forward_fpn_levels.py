# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class LevelFusion(nn.Module):
    """Fuses any number of pyramid levels passed positionally into the finest resolution."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.out = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, *levels: Tensor) -> Tensor:
        size = levels[0].shape[-2:]
        fused = levels[0]
        for lvl in levels[1:]:
            fused = fused + F.interpolate(lvl, size=size, mode="nearest")
        return self.out(fused)


Model = LevelFusion


def inputs():
    torch.manual_seed(3510)
    return [
        (torch.randn(2, 4, 8, 8), torch.randn(2, 4, 4, 4), torch.randn(2, 4, 2, 2)),
        (torch.randn(1, 4, 6, 6), torch.randn(1, 4, 3, 3), torch.randn(1, 4, 2, 2)),
    ]
