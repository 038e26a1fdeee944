# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Multi-scale feature fusion: the backbone returns a list of feature maps; the first is
    kept at full resolution and the rest are unpacked with a starred assignment and
    upsampled onto it."""

    def __init__(self, c: int = 6):
        super().__init__()
        self.stages = nn.ModuleList(
            [nn.Conv2d(3, c, 3, padding=1)] + [nn.Conv2d(c, c, 3, stride=2, padding=1) for _ in range(2)]
        )
        self.fuse = nn.Conv2d(c, 2, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        feats = []
        for stage in self.stages:
            x = stage(x).relu()
            feats.append(x)
        first, *rest = feats
        out = first
        for f in rest:
            out = out + F.interpolate(f, size=first.shape[-2:], mode="nearest")
        return self.fuse(out)


def inputs():
    torch.manual_seed(5911)
    return [(torch.randn(1, 3, 16, 16),), (torch.randn(2, 3, 12, 20),)]
