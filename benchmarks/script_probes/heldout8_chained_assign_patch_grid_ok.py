# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class PatchEmbed(nn.Module):
    def __init__(self, img_size: int = 8, patch: int = 4, in_ch: int = 3, dim: int = 8):
        super().__init__()
        self.patch = patch
        gh = gw = img_size // patch
        self.grid = (gh, gw)
        self.proj = nn.Conv2d(in_ch, dim, patch, stride=patch)
        self.pos = nn.Parameter(torch.randn(1, dim, gh, gw) * 0.02)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.proj(x)
        gh = gw = x.shape[-1]
        pos = self.pos
        if (gh, gw) != self.grid:
            pos = F.interpolate(pos, size=(gh, gw), mode="bilinear", align_corners=False)
        return (x + pos).flatten(2).transpose(1, 2)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = PatchEmbed()
        self.head = nn.Linear(8, 3)

    def forward(self, img):
        return self.head(self.embed(img).mean(1))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 16, 16),)]
