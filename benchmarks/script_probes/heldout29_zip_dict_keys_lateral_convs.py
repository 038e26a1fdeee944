# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class LateralNeck(nn.Module):
    """FPN neck: zips the backbone's feature dict (by key) with the lateral 1x1 convs."""

    def __init__(self, in_dims=(4, 8), out_dim: int = 6):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(c, out_dim, 1) for c in in_dims])

    def forward(self, feats: Dict[str, Tensor]) -> Dict[str, Tensor]:
        out: Dict[str, Tensor] = {}
        for name, conv in zip(feats, self.lateral):
            out[name] = conv(feats[name])
        return out


Model = LateralNeck


def inputs():
    torch.manual_seed(2910)
    a = {"c3": torch.randn(1, 4, 8, 8), "c4": torch.randn(1, 8, 4, 4)}
    b = {"c3": torch.randn(2, 4, 6, 6), "c4": torch.randn(2, 8, 3, 3)}
    return [(a,), (b,)]
