# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class FractionalUpsampleRefiner(nn.Module):
    """Super-resolution: upsample by a non-integer factor with recompute_scale_factor=True, then refine."""

    def __init__(self, scale: float = 1.5):
        super().__init__()
        self.scale = scale
        self.refine = nn.Conv2d(3, 3, 3, padding=1)

    def forward(self, img):
        up = F.interpolate(img, scale_factor=self.scale, mode="bilinear", align_corners=False, recompute_scale_factor=True)
        return up + self.refine(up)


Model = FractionalUpsampleRefiner


def inputs():
    torch.manual_seed(5431)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 7, 11),)]
