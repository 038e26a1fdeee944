# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from einops.layers.torch import Rearrange


class PatchTokenizer(nn.Module):
    def __init__(self, ch=3, patch=2, dim=8):
        super().__init__()
        self.to_tokens = nn.Sequential(
            Rearrange("b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=patch, p2=patch),
            nn.Linear(patch * patch * ch, dim),
        )

    def forward(self, img):
        return self.to_tokens(img)


Model = PatchTokenizer


def inputs():
    torch.manual_seed(207)
    return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 2),)]
