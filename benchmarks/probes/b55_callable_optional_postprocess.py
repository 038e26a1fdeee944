# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SegHead(nn.Module):
    """Segmentation: an optional output activation stored as a plain function, applied when callable()."""

    def __init__(self, post=torch.sigmoid):
        super().__init__()
        self.conv = nn.Conv2d(5, 3, 3, padding=1)
        self.post = post

    def forward(self, x):
        y = self.conv(x)
        if callable(self.post):
            y = self.post(y)
        return y


Model = SegHead


def inputs():
    torch.manual_seed(5503)
    return [(torch.randn(2, 5, 10, 10),), (torch.randn(1, 5, 7, 13),)]
