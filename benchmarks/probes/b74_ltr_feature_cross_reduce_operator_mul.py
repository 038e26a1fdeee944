# ruff: noqa  (a probe is written as users write models)
import functools
import operator

import torch
import torch.nn as nn


class Model(nn.Module):
    """Ranking tower with explicit feature crosses: each field is projected and the projections
    are multiplied together (a product-of-fields interaction)."""

    def __init__(self, fields=(3, 4, 2), d: int = 8):
        super().__init__()
        self.proj = nn.ModuleDict({f"f{i}": nn.Linear(n, d) for i, n in enumerate(fields)})
        self.out = nn.Linear(d, 1)

    def forward(self, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
        parts = [layer(x) for layer, x in zip(self.proj.values(), (a, b, c))]
        crossed = functools.reduce(operator.mul, parts)  # breaks: script
        return self.out(crossed).squeeze(-1)


def inputs():
    torch.manual_seed(7402)
    return [
        (torch.randn(4, 3), torch.randn(4, 4), torch.randn(4, 2)),
        (torch.randn(6, 3), torch.randn(6, 4), torch.randn(6, 2)),
    ]
