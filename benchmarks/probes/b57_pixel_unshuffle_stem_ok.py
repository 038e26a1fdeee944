# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SpaceToDepthStem(nn.Module):
    """Restoration/vision: a stem that trades resolution for channels with nn.PixelUnshuffle,
    processes at low resolution and restores with nn.PixelShuffle."""

    def __init__(self, c: int = 3, r: int = 2):
        super().__init__()
        self.down = nn.PixelUnshuffle(r)
        self.body = nn.Sequential(nn.Conv2d(c * r * r, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, c * r * r, 3, padding=1))
        self.up = nn.PixelShuffle(r)

    def forward(self, img):
        return img + self.up(self.body(self.down(img)))


Model = SpaceToDepthStem


def inputs():
    torch.manual_seed(5714)
    return [(torch.randn(1, 3, 8, 12),), (torch.randn(2, 3, 16, 10),)]
