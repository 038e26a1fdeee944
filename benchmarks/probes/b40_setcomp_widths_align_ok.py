# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiScaleConcat(nn.Module):
    """Concatenates multi-scale maps, resizing only when a set comprehension finds mixed sizes."""

    def __init__(self, channels=3):
        super().__init__()
        self.fuse = nn.Conv2d(3 * channels, channels, 1)

    def forward(self, a, b, c):
        feats = [a, b, c]
        if len({tuple(f.shape[-2:]) for f in feats}) > 1:
            size = feats[0].shape[-2:]
            feats = [f if f.shape[-2:] == size else F.interpolate(f, size=size, mode="bilinear", align_corners=False) for f in feats]
        return self.fuse(torch.cat(feats, dim=1))


Model = MultiScaleConcat


def inputs():
    torch.manual_seed(4027)
    return [
        (torch.randn(1, 3, 8, 8), torch.randn(1, 3, 4, 4), torch.randn(1, 3, 2, 2)),
        (torch.randn(1, 3, 8, 8), torch.randn(1, 3, 4, 4), torch.randn(1, 3, 2, 2)),
        (torch.randn(1, 3, 6, 6), torch.randn(1, 3, 6, 6), torch.randn(1, 3, 6, 6)),
    ]
