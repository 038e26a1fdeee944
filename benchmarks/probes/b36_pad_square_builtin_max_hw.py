# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def pad_to_square(img, value=0.0):
    h, w = img.shape[-2:]
    side = max(h, w)
    return F.pad(img, (0, side - w, 0, side - h), value=value)


class SquareStem(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(2)

    def forward(self, img):
        x = pad_to_square(img)
        return self.pool(self.stem(x)).flatten(1)


Model = SquareStem


def inputs():
    torch.manual_seed(3603)
    return [(torch.randn(1, 3, 12, 8),), (torch.randn(1, 3, 6, 14),), (torch.randn(2, 3, 10, 10),)]
