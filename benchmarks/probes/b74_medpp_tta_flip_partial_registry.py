# ruff: noqa  (a probe is written as users write models)
from functools import partial

import torch
import torch.nn as nn

FLIPS = {
    "none": lambda t: t,
    "h": partial(torch.flip, dims=(-1,)),
    "v": partial(torch.flip, dims=(-2,)),
}


class Model(nn.Module):
    """Test-time augmentation for segmentation: predictions under each flip are un-flipped
    and averaged."""

    def __init__(self, flips=("none", "h", "v")):
        super().__init__()
        self.flips = flips
        self.seg = nn.Conv2d(1, 2, 3, padding=1)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        acc = torch.zeros_like(img).repeat(1, 2, 1, 1)
        for name in self.flips:
            f = FLIPS[name]  # breaks: script
            acc = acc + f(self.seg(f(img)))
        return (acc / len(self.flips)).softmax(1)


def inputs():
    torch.manual_seed(7415)
    return [(torch.randn(1, 1, 4, 5),), (torch.randn(2, 1, 6, 3),)]
