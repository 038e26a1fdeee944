# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ImageEncoder(nn.Module):
    """Accepts channels-last images; drops an alpha channel when one is present."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)

    def forward(self, img):
        if img.shape[-1] in (2, 4):
            img = img[..., :-1]
        if img.shape[-1] == 1:
            img = img.expand(*img.shape[:-1], 3)
        x = img.permute(0, 3, 1, 2).contiguous()
        return self.pool(torch.relu(self.conv(x))).flatten(1)


Model = ImageEncoder


def inputs():
    torch.manual_seed(26)
    return [(torch.randn(2, 8, 8, 4),), (torch.randn(3, 6, 10, 4),)]
