# ruff: noqa  (a probe is written as users write models)
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Frame interpolation: census-transform cost between the two frames weights their blend."""

    def __init__(self, radius: int = 1):
        super().__init__()
        r = radius
        self.k = 2 * r + 1
        self.pad = partial(F.pad, pad=(r, r, r, r), mode="replicate")
        self.fuse = nn.Conv2d(7, 3, 3, padding=1)

    def census(self, img: torch.Tensor) -> torch.Tensor:
        gray = img.mean(1, keepdim=True)
        patches = F.unfold(self.pad(gray), self.k)  # breaks: script
        n, _, h, w = gray.shape
        return torch.sigmoid((patches - gray.flatten(2)) * 10.0).view(n, -1, h, w)

    def forward(self, f0: torch.Tensor, f1: torch.Tensor) -> torch.Tensor:
        cost = (self.census(f0) - self.census(f1)).abs().mean(1, keepdim=True)
        return self.fuse(torch.cat((f0, f1, cost), 1))


def inputs():
    torch.manual_seed(7230)
    return [(torch.rand(1, 3, 6, 6), torch.rand(1, 3, 6, 6)), (torch.rand(2, 3, 5, 7), torch.rand(2, 3, 5, 7))]
