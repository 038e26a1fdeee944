# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class PatchEmbed(nn.Module):
    def __init__(self, patch: int = 2, dim: int = 8):
        super().__init__()
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)
        self.patch = patch

    def forward(self, x: Tensor) -> Tensor:
        torch._assert(x.dim() == 4, "expected a 4-D NCHW batch")
        torch._assert(x.shape[-1] % self.patch == 0, "width must divide by the patch size")
        return self.proj(x).flatten(2).transpose(1, 2)


Model = PatchEmbed


def inputs():
    torch.manual_seed(2231)
    return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 8),)]
