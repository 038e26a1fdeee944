# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class GatedFusion(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.gate = nn.Linear(dim, dim)

    def forward(self, x: Tensor, ctx: Optional[Tensor] = None) -> Tensor:
        if not (ctx is None):
            x = x + torch.sigmoid(self.gate(ctx)) * ctx
        return x


Model = GatedFusion


def inputs():
    torch.manual_seed(217)
    return [(torch.randn(2, 6), torch.randn(2, 6)), (torch.randn(3, 4, 6),)]
