# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List, Optional

import torch
from torch import nn


class Fuse(nn.Module):
    def forward(self, feats: List[Optional[torch.Tensor]]) -> torch.Tensor:
        total: Optional[torch.Tensor] = None
        for f in feats:
            if f is None:
                continue
            total = f if total is None else total + f
        assert total is not None, "need at least one feature"
        return total


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 4)
        self.fuse = Fuse()

    def forward(self, x, use_b: bool):
        fb: Optional[torch.Tensor] = self.b(x) if use_b else None
        return self.fuse([self.a(x), fb, None])


def inputs():
    return [(torch.randn(2, 4), True), (torch.randn(3, 4), False)]
