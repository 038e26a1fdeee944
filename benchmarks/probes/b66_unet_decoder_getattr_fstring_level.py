# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """FPN-like decoder whose lateral convs are attributes lateral0..lateralN, fetched by name."""

    def __init__(self, chans=(8, 4), out: int = 4):
        super().__init__()
        self.num_levels = len(chans)
        for i, c in enumerate(chans):
            setattr(self, f"lateral{i}", nn.Conv2d(c, out, 1))

    def forward(self, c0: torch.Tensor, c1: torch.Tensor) -> torch.Tensor:
        feats = [c0, c1]
        top = self.lateral1(feats[-1])
        for i in range(self.num_levels - 2, -1, -1):
            lat = getattr(self, f"lateral{i}")(feats[i])  # breaks: script
            top = lat + F.interpolate(top, size=lat.shape[-2:], mode="nearest")
        return top


def inputs():
    torch.manual_seed(6630)
    return [
        (torch.randn(1, 8, 8, 8), torch.randn(1, 4, 4, 4)),
        (torch.randn(2, 8, 6, 10), torch.randn(2, 4, 3, 5)),
    ]
