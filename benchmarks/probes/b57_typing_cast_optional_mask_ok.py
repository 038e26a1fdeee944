# ruff: noqa  (a probe is written as users write models)
from typing import Optional, cast

import torch
import torch.nn as nn
from torch import Tensor


class MaskedMeanPool(nn.Module):
    """Audio/NLP: masked mean over time with an optional validity mask; after the None check
    typing.cast tells the type checker the mask is a Tensor."""

    def __init__(self, d: int = 8, classes: int = 3):
        super().__init__()
        self.head = nn.Linear(d, classes)

    def forward(self, x: Tensor, mask: Optional[Tensor] = None) -> Tensor:
        if mask is None:
            pooled = x.mean(dim=1)
        else:
            m = cast(Tensor, mask).unsqueeze(-1).to(x.dtype)
            pooled = (x * m).sum(dim=1) / m.sum(dim=1).clamp(min=1.0)
        return self.head(pooled)


Model = MaskedMeanPool


def inputs():
    torch.manual_seed(5713)
    return [
        (torch.randn(2, 5, 8), torch.rand(2, 5) > 0.3),
        (torch.randn(3, 7, 8), torch.rand(3, 7) > 0.3),
    ]
