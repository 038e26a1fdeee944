# ruff: noqa  (a probe is written as users write models)
from functools import singledispatchmethod

import torch
import torch.nn as nn


class GraphReadout(nn.Module):
    """Graphs: the readout dispatches on the input kind (a single tensor, or a list of per-graph tensors)."""

    def __init__(self, d: int = 6):
        super().__init__()
        self.proj = nn.Linear(d, 3)

    @singledispatchmethod
    def pool(self, feats):
        raise TypeError(type(feats))

    @pool.register
    def _(self, feats: torch.Tensor):
        return feats.mean(-2)

    @pool.register
    def _(self, feats: list):
        return torch.stack([f.mean(0) for f in feats])

    def forward(self, x):
        return self.proj(self.pool(x))


Model = GraphReadout


def inputs():
    torch.manual_seed(5409)
    return [(torch.randn(2, 5, 6),), (torch.randn(3, 4, 6),)]
