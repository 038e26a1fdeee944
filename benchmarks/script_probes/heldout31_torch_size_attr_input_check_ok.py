# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class FixedGridEncoder(nn.Module):
    """Encoder trained at a fixed resolution stored as a torch.Size; other sizes are resized."""

    def __init__(self):
        super().__init__()
        self.grid = torch.Size([6, 6])
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x: Tensor) -> Tensor:
        if x.shape[-2:] != self.grid:
            x = F.interpolate(x, size=self.grid, mode="bilinear", align_corners=False)
        return self.conv(x).flatten(1)


Model = FixedGridEncoder


def inputs():
    torch.manual_seed(3128)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(1, 3, 9, 4),)]
