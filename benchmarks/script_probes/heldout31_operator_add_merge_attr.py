# ruff: noqa  (a probe is written as users write models)
import operator

import torch
import torch.nn as nn
from torch import Tensor


class FusionBlock(nn.Module):
    """Two-stream fusion whose merge op (sum or product) is picked from the operator module."""

    def __init__(self, dim: int = 4, merge: str = "add"):
        super().__init__()
        self.rgb = nn.Linear(dim, dim)
        self.flow = nn.Linear(dim, dim)
        self.merge = operator.add if merge == "add" else operator.mul

    def forward(self, a: Tensor, b: Tensor) -> Tensor:
        return self.merge(self.rgb(a), self.flow(b))


Model = FusionBlock


def inputs():
    torch.manual_seed(3127)
    return [(torch.randn(2, 4), torch.randn(2, 4)), (torch.randn(3, 4), torch.randn(3, 4))]
