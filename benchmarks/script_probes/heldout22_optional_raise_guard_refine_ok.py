# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class TimestepScale(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: Tensor, t: Optional[Tensor] = None) -> Tensor:
        if t is None:
            raise ValueError("a timestep tensor is required")
        scale = 1.0 + t.float()[:, None]
        return self.fc(x) * scale


Model = TimestepScale


def inputs():
    torch.manual_seed(2211)
    return [(torch.randn(2, 8), torch.tensor([1, 3])), (torch.randn(3, 8), torch.tensor([0, 2, 5]))]
