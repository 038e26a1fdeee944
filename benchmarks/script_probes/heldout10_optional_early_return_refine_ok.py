# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
from torch import nn


class MaskedPool(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def pool(self, h: torch.Tensor, mask: Optional[torch.Tensor]) -> torch.Tensor:
        if mask is None:
            return h.mean(1)
        weights = mask.unsqueeze(-1).to(h.dtype)
        return (h * weights).sum(1) / weights.sum(1).clamp(min=1.0)

    def forward(self, x: torch.Tensor, mask: Optional[torch.Tensor] = None) -> torch.Tensor:
        return self.pool(self.fc(x), mask)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = MaskedPool()

    def forward(self, x, mask: Optional[torch.Tensor] = None):
        return self.pool(x, mask)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 4), None), (torch.randn(3, 5, 4), torch.rand(3, 5) > 0.3)]
