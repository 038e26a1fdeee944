# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class PatchEmbed(nn.Module):
    """Conv patch embedding that checks the input is a batch of images, reporting its shape."""

    def __init__(self, in_chans: int = 3, dim: int = 8, patch: int = 2):
        super().__init__()
        self.proj = nn.Conv2d(in_chans, dim, patch, stride=patch)

    def forward(self, x: Tensor) -> Tensor:
        assert x.dim() == 4, x.shape
        return self.proj(x).flatten(2).transpose(1, 2)


Model = PatchEmbed


def inputs():
    torch.manual_seed(4201)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 4, 6),)]
