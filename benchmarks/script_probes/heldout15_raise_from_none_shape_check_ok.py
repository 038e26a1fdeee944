# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PatchEmbed(nn.Module):
    def __init__(self, patch=4, dim=16):
        super().__init__()
        self.patch = patch
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)

    def forward(self, img):
        h, w = img.shape[-2:]
        if h % self.patch != 0 or w % self.patch != 0:
            raise ValueError("image size must be divisible by patch") from None
        return self.proj(img).flatten(2).transpose(1, 2)


Model = PatchEmbed


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 16, 16),), (torch.randn(2, 3, 8, 12),)]
