# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class CoarseToFineDecoder(nn.Module):
    """Decoder that walks the encoder strides back from coarse to fine."""

    def __init__(self, ch: int = 4):
        super().__init__()
        self.strides = (1, 2, 4)
        self.refine = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, x: Tensor) -> Tensor:
        h, w = x.shape[-2], x.shape[-1]
        out = torch.zeros_like(x)
        for s in reversed(self.strides):
            coarse = F.avg_pool2d(x, s) if s > 1 else x
            up = F.interpolate(coarse, size=(h, w), mode="nearest")
            out = self.refine(out + up)
        return out


Model = CoarseToFineDecoder


def inputs():
    torch.manual_seed(3006)
    return [(torch.randn(2, 4, 8, 8),), (torch.randn(1, 4, 12, 16),)]
