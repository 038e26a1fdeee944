# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Statistical downscaling: coarse reanalysis field -> fine grid, interpolator chosen by name."""

    def __init__(self, method: str = "bicubic", factor: int = 2):
        super().__init__()
        self.method = method
        self.factor = factor
        self.refine = nn.Conv2d(2, 2, 3, padding=1)

    def _interp_bilinear(self, x: torch.Tensor) -> torch.Tensor:
        return F.interpolate(x, scale_factor=self.factor, mode="bilinear", align_corners=False)

    def _interp_bicubic(self, x: torch.Tensor) -> torch.Tensor:
        return F.interpolate(x, scale_factor=self.factor, mode="bicubic", align_corners=False)

    def forward(self, coarse: torch.Tensor) -> torch.Tensor:
        up = getattr(self, "_interp_" + self.method)(coarse)  # breaks: script
        return up + self.refine(up)


def inputs():
    torch.manual_seed(7203)
    return [(torch.randn(1, 2, 6, 6),), (torch.randn(1, 2, 6, 6) * 4,)]
