# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class DecoderStage(nn.Module):
    """U-Net decoder stage: upsamples, then centre-crops the skip to the upsampled size it computes from the upsampler's factor."""

    def __init__(self, ch: int = 4):
        super().__init__()
        self.up = nn.Upsample(scale_factor=2.0, mode="nearest")
        self.fuse = nn.Conv2d(2 * ch, ch, 3, padding=1)

    def forward(self, x: Tensor, skip: Tensor) -> Tensor:
        h = int(x.shape[-2] * self.up.scale_factor)
        w = int(x.shape[-1] * self.up.scale_factor)
        top = (skip.shape[-2] - h) // 2
        left = (skip.shape[-1] - w) // 2
        skip = skip[..., top : top + h, left : left + w]
        return self.fuse(torch.cat([self.up(x), skip], dim=1))


Model = DecoderStage


def inputs():
    torch.manual_seed(4202)
    return [
        (torch.randn(2, 4, 4, 4), torch.randn(2, 4, 10, 10)),
        (torch.randn(1, 4, 3, 5), torch.randn(1, 4, 7, 11)),
    ]
