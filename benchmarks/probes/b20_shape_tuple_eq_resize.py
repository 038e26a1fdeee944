import torch
import torch.nn.functional as F
from torch import nn


class FixedGridEncoder(nn.Module):
    grid = (8, 8)

    def __init__(self, ch=3):
        super().__init__()
        self.conv = nn.Conv2d(ch, 4, 3, padding=1)

    def forward(self, img):
        if tuple(img.shape[-2:]) != self.grid:  # breaks: trace
            img = F.interpolate(img, size=self.grid, mode="bilinear", align_corners=False)
        return self.conv(img).flatten(1)


Model = FixedGridEncoder


def inputs():
    torch.manual_seed(13)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 12, 10),)]
