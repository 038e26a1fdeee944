# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
from torch import Tensor


class AlignedLosses(nn.Module):
    """Loss dict whose keys are padded with ljust so logged columns line up."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.names: List[str] = ["cls", "box", "centerness"]
        self.heads = nn.ModuleList([nn.Linear(dim, 1) for _ in self.names])

    def forward(self, x) -> Dict[str, Tensor]:
        width = max([len(n) for n in self.names])
        out: Dict[str, Tensor] = {}
        for i, head in enumerate(self.heads):
            out[self.names[i].ljust(width, "_")] = head(x).pow(2).mean()
        return out


Model = AlignedLosses


def inputs():
    torch.manual_seed(2822)
    return [(torch.randn(3, 4),), (torch.randn(2, 5, 4),)]
