# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class BucketedPosEmbed(nn.Module):
    """Keeps position tables for a few lengths; picks the nearest with min(key=lambda) and resizes it."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.buckets = [8, 16, 32]
        self.tables = nn.ParameterDict({str(b): nn.Parameter(torch.randn(b, d) * 0.5) for b in self.buckets})

    def forward(self, x: Tensor) -> Tensor:
        T = x.shape[1]
        b = min(self.buckets, key=lambda s: abs(s - T))
        pos = self.tables[str(b)].T.unsqueeze(0)
        pos = F.interpolate(pos, size=T, mode="linear", align_corners=False)[0].T
        return x + pos


Model = BucketedPosEmbed


def inputs():
    torch.manual_seed(5213)
    return [(torch.randn(2, 7, 8),), (torch.randn(2, 20, 8),)]
