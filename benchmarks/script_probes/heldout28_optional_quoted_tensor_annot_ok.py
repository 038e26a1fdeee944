# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class CrossAttnGate(nn.Module):
    """Gates features by an optional context given with a quoted forward-reference annotation."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.gate = nn.Linear(dim, dim)

    def forward(self, x, context: Optional["Tensor"] = None):
        if context is None:
            return x
        return x * torch.sigmoid(self.gate(context.mean(1, keepdim=True)))


Model = CrossAttnGate


def inputs():
    torch.manual_seed(2833)
    return [(torch.randn(2, 3, 4), torch.randn(2, 5, 4)), (torch.randn(1, 2, 4),)]
