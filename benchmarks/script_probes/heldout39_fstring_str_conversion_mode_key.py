# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class ModeHeads(nn.Module):
    """Output dict keyed by the pooling mode's text, written with an explicit !s conversion."""

    def __init__(self, dim: int = 8, mode: str = "avg"):
        super().__init__()
        self.fc = nn.Linear(dim, 2)
        self.mode = mode

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        pooled = x.mean(1) if self.mode == "avg" else x.amax(1)
        return {f"logits_{self.mode!s}": self.fc(pooled)}


Model = ModeHeads


def inputs():
    torch.manual_seed(3930)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
