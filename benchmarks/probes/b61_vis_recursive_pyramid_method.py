# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Laplacian-pyramid style refiner written recursively: process the half-resolution image
    first, upsample its result and add a residual at the current level."""

    def __init__(self, ch: int = 3, levels: int = 3):
        super().__init__()
        self.levels = levels
        self.body = nn.Sequential(nn.Conv2d(2 * ch, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, ch, 3, padding=1))

    def refine(self, x: torch.Tensor, level: int) -> torch.Tensor:
        if level == 0:
            return x
        coarse = self.refine(F.avg_pool2d(x, 2), level - 1)
        up = F.interpolate(coarse, size=x.shape[-2:], mode="bilinear", align_corners=False)
        return up + self.body(torch.cat([x, up], dim=1))

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        return self.refine(img, self.levels)


def inputs():
    torch.manual_seed(6104)
    return [(torch.randn(1, 3, 32, 32),), (torch.randn(2, 3, 48, 40),)]
