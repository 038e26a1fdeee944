# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ForegroundCrop(nn.Module):
    """Crop a slice to the bounding box of voxels above a threshold (organ-of-interest ROI)."""

    def __init__(self, threshold: float = 0.5, margin: int = 1):
        super().__init__()
        self.threshold = threshold
        self.margin = margin

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        fg = (img[0, 0] > self.threshold).nonzero()
        lo = (fg.min(dim=0).values - self.margin).clamp_min(0)
        hi = fg.max(dim=0).values + self.margin + 1
        return img[..., lo[0] : hi[0], lo[1] : hi[1]]  # breaks: compile


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.roi = ForegroundCrop()
        self.conv = nn.Conv2d(1, 4, 3, padding=1)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        return self.conv(self.roi(img)).mean(dim=(2, 3))


def inputs():
    torch.manual_seed(6908)
    a = torch.zeros(1, 1, 16, 16)
    a[..., 3:9, 5:12] = torch.rand(6, 7) + 0.6
    b = torch.zeros(1, 1, 16, 16)
    b[..., 6:15, 2:7] = torch.rand(9, 5) + 0.6
    return [(a,), (b,)]
