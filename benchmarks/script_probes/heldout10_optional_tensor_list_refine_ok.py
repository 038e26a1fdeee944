# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List, Optional

import torch
from torch import nn


class SkipFusion(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, skips: List[Optional[torch.Tensor]]) -> torch.Tensor:
        h = self.proj(x)
        for s in skips:
            if s is not None:
                h = h + s
        return h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fuse = SkipFusion()

    def forward(self, x, skips: List[Optional[torch.Tensor]]):
        return self.fuse(x, skips)


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(2, 4), [torch.randn(2, 4), None]),
        (torch.randn(3, 4), [None, torch.randn(3, 4), torch.randn(3, 4)]),
    ]
