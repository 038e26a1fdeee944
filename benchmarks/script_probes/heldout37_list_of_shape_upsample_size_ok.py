# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class FPNTopDown(nn.Module):
    """Feature-pyramid merge: the coarse map is resized to the fine map's spatial size."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.lateral = nn.Conv2d(channels, channels, 1)
        self.smooth = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, fine: Tensor, coarse: Tensor) -> Tensor:
        size = list(fine.shape[-2:])
        up = F.interpolate(coarse, size=size, mode="nearest")
        return self.smooth(self.lateral(fine) + up)


Model = FPNTopDown


def inputs():
    torch.manual_seed(3723)
    return [
        (torch.randn(2, 4, 8, 8), torch.randn(2, 4, 4, 4)),
        (torch.randn(1, 4, 7, 5), torch.randn(1, 4, 4, 3)),
    ]
