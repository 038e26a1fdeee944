# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class MultiScaleFuse(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.proj = nn.Conv2d(dim, dim, 1)

    def forward(self, feats: Dict[str, Tensor]) -> Tensor:
        out = torch.zeros_like(feats["p3"])
        for name in sorted(feats):
            out = out + nn.functional.adaptive_avg_pool2d(feats[name], out.shape[-2:])
        return self.proj(out)


Model = MultiScaleFuse


def inputs():
    torch.manual_seed(2311)
    return [
        ({"p4": torch.randn(1, 4, 4, 4), "p3": torch.randn(1, 4, 8, 8)},),
        ({"p3": torch.randn(2, 4, 6, 6), "p5": torch.randn(2, 4, 2, 2), "p4": torch.randn(2, 4, 3, 3)},),
    ]
