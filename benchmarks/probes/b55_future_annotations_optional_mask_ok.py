# ruff: noqa  (a probe is written as users write models)
from __future__ import annotations

from typing import Optional

import torch
import torch.nn as nn


class MaskedMeanEncoder(nn.Module):
    """NLP: postponed annotations (from __future__ import annotations) on a forward with an optional mask."""

    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x: torch.Tensor, mask: Optional[torch.Tensor] = None) -> torch.Tensor:
        h = torch.tanh(self.proj(x))
        if mask is None:
            return h.mean(1)
        m = mask.unsqueeze(-1).to(h.dtype)
        return (h * m).sum(1) / m.sum(1).clamp(min=1.0)


Model = MaskedMeanEncoder


def inputs():
    torch.manual_seed(5516)
    return [(torch.randn(2, 5, 8), torch.rand(2, 5) > 0.3), (torch.randn(3, 7, 8), torch.rand(3, 7) > 0.3)]
