# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class ScaledResidual(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: Tensor, scale: Optional[float] = 1.0) -> Tensor:
        return x + self.fc(x) * scale


Model = ScaledResidual


def inputs():
    torch.manual_seed(2526)
    return [(torch.randn(2, 4), 0.5), (torch.randn(3, 4),)]
