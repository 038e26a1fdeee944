# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class PatchEmbed(nn.Module):
    """Patch embedding that asserts divisibility, reporting the offending shape as a tuple."""

    def __init__(self, patch: int = 2, dim: int = 6):
        super().__init__()
        self.patch = patch
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)

    def forward(self, x: Tensor) -> Tensor:
        h, w = x.shape[-2:]
        assert h % self.patch == 0 and w % self.patch == 0, (h, w, self.patch)
        return self.proj(x).flatten(2).transpose(1, 2)


Model = PatchEmbed


def inputs():
    torch.manual_seed(3129)
    return [(torch.randn(2, 3, 4, 6),), (torch.randn(1, 3, 8, 2),)]
