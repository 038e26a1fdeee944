# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
from torch import Tensor


class MultiScaleCollector(nn.Module):
    """Groups per-block features by stage name, as detection necks consume them."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(dim, dim) for _ in range(4)])
        self.stage_of_block = ["low", "low", "high", "high"]

    def forward(self, x: Tensor) -> Dict[str, List[Tensor]]:
        out: Dict[str, List[Tensor]] = {}
        for i, blk in enumerate(self.blocks):
            x = torch.relu(blk(x))
            stage = self.stage_of_block[i]
            if stage not in out:
                out[stage] = []
            out[stage].append(x)
        return out


Model = MultiScaleCollector


def inputs():
    torch.manual_seed(2001)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
