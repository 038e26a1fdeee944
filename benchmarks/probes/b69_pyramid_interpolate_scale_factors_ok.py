# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


class ImagePyramid(nn.Module):
    """Multi-scale test-time input: the image resized by each scale factor of the config."""

    def __init__(self, scales: List[float]):
        super().__init__()
        self.scales = scales

    def forward(self, img: torch.Tensor) -> List[torch.Tensor]:
        levels: List[torch.Tensor] = []
        for s in self.scales:
            levels.append(F.interpolate(img, scale_factor=s, mode="bilinear", align_corners=False))
        return levels


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pyramid = ImagePyramid([1.0, 0.5, 0.25])
        self.conv = nn.Conv2d(3, 5, 3, padding=1)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        pooled = [self.conv(level).mean(dim=(2, 3)) for level in self.pyramid(img)]
        return torch.stack(pooled, dim=1).amax(1)


def inputs():
    torch.manual_seed(6928)
    return [(torch.randn(1, 3, 32, 24),), (torch.randn(2, 3, 16, 40),)]
