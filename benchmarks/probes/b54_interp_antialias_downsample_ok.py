# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class AntialiasedThumbnailEncoder(nn.Module):
    """Vision: downsample to a fixed thumbnail with antialiased bilinear resizing, then a small conv."""

    def __init__(self, size: int = 8):
        super().__init__()
        self.size = size
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, img):
        thumb = F.interpolate(img, size=(self.size, self.size), mode="bilinear", antialias=True, align_corners=False)
        return self.conv(thumb).mean((2, 3))


Model = AntialiasedThumbnailEncoder


def inputs():
    torch.manual_seed(5421)
    return [(torch.randn(2, 3, 32, 32),), (torch.randn(1, 3, 20, 28),)]
