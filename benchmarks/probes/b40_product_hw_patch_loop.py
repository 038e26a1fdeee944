# ruff: noqa  (a probe is written as users write models)
from itertools import product

import torch
import torch.nn as nn


class PatchLocalNorm(nn.Module):
    """Normalises each non-overlapping patch separately, looping over patch positions."""

    def __init__(self, patch=2, channels=3):
        super().__init__()
        self.patch = patch
        self.out = nn.Conv2d(channels, channels, 1)

    def forward(self, x):
        p = self.patch
        gh, gw = x.shape[-2] // p, x.shape[-1] // p
        out = torch.zeros_like(x)
        for i, j in product(range(gh), range(gw)):
            tile = x[..., i * p : (i + 1) * p, j * p : (j + 1) * p]
            out[..., i * p : (i + 1) * p, j * p : (j + 1) * p] = (tile - tile.mean((-2, -1), keepdim=True))
        return self.out(out)


Model = PatchLocalNorm


def inputs():
    torch.manual_seed(4028)
    return [(torch.randn(1, 3, 4, 4),), (torch.randn(1, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
