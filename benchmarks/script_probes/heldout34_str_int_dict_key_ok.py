# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class ScaleBank(nn.Module):
    """Per-level outputs keyed by str(level) and a percent tag, as a logging dict would be."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.percents = [10, 70, 100]
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        logits = self.fc(x)
        out: Dict[str, Tensor] = {}
        for level, p in enumerate(self.percents):
            out["t" + str(level) + "_" + str(p)] = (logits * 100 / p).softmax(-1)
        return out


Model = ScaleBank


def inputs():
    torch.manual_seed(3441)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
