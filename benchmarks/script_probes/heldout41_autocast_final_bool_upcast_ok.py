# ruff: noqa  (a probe is written as users write models)
from typing import Final

import torch
import torch.nn as nn
from torch import Tensor


class UpcastScores(nn.Module):
    """Attention scores computed with autocast switched off through a Final flag."""

    upcast: Final[bool]

    def __init__(self, dim: int = 8, upcast: bool = True):
        super().__init__()
        self.qk = nn.Linear(dim, 2 * dim)
        self.upcast = upcast

    def forward(self, x: Tensor) -> Tensor:
        q, k = self.qk(x).chunk(2, dim=-1)
        with torch.autocast(device_type="cpu", enabled=not self.upcast):
            scores = q.float() @ k.float().transpose(-2, -1)
        return scores.softmax(-1)


Model = UpcastScores


def inputs():
    torch.manual_seed(4124)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 6, 8),)]
