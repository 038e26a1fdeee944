# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class MultiTaskHeads(nn.Module):
    """Scene heads; the weighted total walks the ModuleDict by iterating it directly (its keys)."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.heads = nn.ModuleDict(
            {"seg": nn.Conv2d(dim, 3, 1), "depth": nn.Conv2d(dim, 1, 1), "edge": nn.Conv2d(dim, 1, 1)}
        )
        self.loss_weights: Dict[str, float] = {"seg": 1.0, "depth": 0.5, "edge": 0.25}

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        out: Dict[str, Tensor] = {}
        for name, head in self.heads.items():
            out[name] = head(x)
        total = x.new_zeros(())
        for name in self.heads:
            total = total + self.loss_weights[name] * out[name].pow(2).mean()
        out["total"] = total
        return out


Model = MultiTaskHeads


def inputs():
    torch.manual_seed(2908)
    return [(torch.randn(1, 8, 6, 6),), (torch.randn(2, 8, 4, 5),)]
