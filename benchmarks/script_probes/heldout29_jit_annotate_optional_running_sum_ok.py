# ruff: noqa  (a probe is written as users write models)
from typing import List, Optional

import torch
import torch.nn as nn
from torch import Tensor


class MultiScaleFusion(nn.Module):
    """Sums per-scale projections into an accumulator declared with torch.jit.annotate(Optional)."""

    def __init__(self, dim: int = 4, levels: int = 3):
        super().__init__()
        self.proj = nn.ModuleList([nn.Conv2d(dim, dim, 1) for _ in range(levels)])

    def forward(self, feats: List[Tensor]) -> Tensor:
        fused = torch.jit.annotate(Optional[Tensor], None)
        for i, conv in enumerate(self.proj):
            y = conv(feats[i]).mean((2, 3))
            if fused is None:
                fused = y
            else:
                fused = fused + y
        assert fused is not None
        return fused


Model = MultiScaleFusion


def inputs():
    torch.manual_seed(2920)
    a = [torch.randn(1, 4, 8, 8), torch.randn(1, 4, 4, 4), torch.randn(1, 4, 2, 2)]
    b = [torch.randn(2, 4, 6, 6), torch.randn(2, 4, 3, 3), torch.randn(2, 4, 2, 2)]
    return [(a,), (b,)]
