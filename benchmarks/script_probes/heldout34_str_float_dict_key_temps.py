# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class ScaleBank(nn.Module):
    """Per-temperature outputs keyed by str(temperature), as a logging dict would be."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.temps = [0.1, 0.7, 1.0]
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        logits = self.fc(x)
        out: Dict[str, Tensor] = {}
        for t in self.temps:
            out[str(t)] = (logits / t).softmax(-1)
        return out


Model = ScaleBank


def inputs():
    torch.manual_seed(3419)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
