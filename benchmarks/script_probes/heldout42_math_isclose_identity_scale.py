# ruff: noqa  (a probe is written as users write models)
import math
import torch
import torch.nn as nn
from torch import Tensor


class OutputScale(nn.Module):
    """Multiplies the logits by a configured scale, skipping the multiply when the scale is one."""

    def __init__(self, dim: int = 8, scale: float = 0.5):
        super().__init__()
        self.head = nn.Linear(dim, 4)
        self.scale = scale

    def forward(self, x: Tensor) -> Tensor:
        logits = self.head(x)
        if not math.isclose(self.scale, 1.0):
            logits = logits * self.scale
        return logits


Model = OutputScale


def inputs():
    torch.manual_seed(4204)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
