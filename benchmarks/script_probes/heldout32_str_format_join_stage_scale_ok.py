# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
from torch import Tensor


class ScaledStages(nn.Module):
    """Per-stage output scales stored under keys like 'stage1_block0', as exported from a
    config dict; keys are built with str.format and '_'.join."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.stages = nn.ModuleList([nn.Linear(dim, dim), nn.Linear(dim, dim)])
        self.scales: Dict[str, float] = {"stage1_block0": 0.5, "stage2_block0": 2.0}

    def key(self, stage: int) -> str:
        parts: List[str] = ["stage{}".format(stage + 1), "block{}".format(0)]
        return "_".join(parts)

    def forward(self, x: Tensor) -> Tensor:
        for i, stage in enumerate(self.stages):
            x = stage(x) * self.scales[self.key(i)]
        return x


Model = ScaledStages


def inputs():
    torch.manual_seed(3217)
    return [(torch.randn(3, 4),), (torch.randn(1, 4),)]
