# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn


class MaskedMean(nn.Module):
    def forward(self, x: torch.Tensor, mask: Optional[torch.Tensor] = None) -> torch.Tensor:
        if mask != None:
            m = mask.unsqueeze(-1).to(x.dtype)
            return (x * m).sum(1) / m.sum(1).clamp(min=1.0)
        return x.mean(1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = MaskedMean()
        self.fc = nn.Linear(4, 2)

    def forward(self, x, mask: Optional[torch.Tensor] = None):
        return self.fc(self.pool(x, mask))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 4), torch.rand(2, 5) > 0.3), (torch.randn(1, 3, 4), None)]
