# ruff: noqa  (a probe is written as users write models)
import string

import torch
import torch.nn as nn


class MultilinearPooling(nn.Module):
    """Outer product of `order` projections, contracted by an einsum built from the config."""

    def __init__(self, d=4, rank=3, order=3, n_out=5):
        super().__init__()
        self.order = order
        self.projs = nn.ModuleList(nn.Linear(d, rank) for _ in range(order))
        self.core = nn.Parameter(torch.randn(*([rank] * order), n_out) * 0.2)
        letters = string.ascii_lowercase[8 : 8 + order]
        self.equation = ",".join(f"b{c}" for c in letters) + f",{letters}o->bo"

    def forward(self, x):
        factors = [p(x) for p in self.projs]
        return torch.einsum(self.equation, factors + [self.core])


Model = MultilinearPooling


def inputs():
    torch.manual_seed(4216)
    return [(torch.randn(3, 4),), (torch.randn(2, 4),), (torch.randn(5, 4) * 2,)]
