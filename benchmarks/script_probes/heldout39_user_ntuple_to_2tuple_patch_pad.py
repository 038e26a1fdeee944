# ruff: noqa  (a probe is written as users write models)
import collections.abc
from itertools import repeat

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def _ntuple(n):
    def parse(x):
        if isinstance(x, collections.abc.Iterable) and not isinstance(x, str):
            return tuple(x)
        return tuple(repeat(x, n))

    return parse


to_2tuple = _ntuple(2)


class PatchEmbed(nn.Module):
    """Patch embedding that pads the image up to a multiple of the patch size."""

    def __init__(self, patch_size: int = 4, in_chans: int = 3, dim: int = 8):
        super().__init__()
        self.patch_size = patch_size
        self.proj = nn.Conv2d(in_chans, dim, patch_size, stride=patch_size)

    def forward(self, x: Tensor) -> Tensor:
        ph, pw = to_2tuple(self.patch_size)
        h, w = x.shape[-2:]
        x = F.pad(x, [0, (pw - w % pw) % pw, 0, (ph - h % ph) % ph])
        return self.proj(x).flatten(2).transpose(1, 2)


Model = PatchEmbed


def inputs():
    torch.manual_seed(3901)
    return [(torch.randn(1, 3, 10, 9),), (torch.randn(2, 3, 8, 8),)]
