# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn


class ButterflyProduct(nn.Module):
    """Structured linear map: product of several learned factors folded with functools.reduce."""

    def __init__(self, dim=8, n_factors=3):
        super().__init__()
        self.factors = nn.ParameterList(
            [nn.Parameter(torch.eye(dim) + 0.1 * torch.randn(dim, dim)) for _ in range(n_factors)]
        )

    def forward(self, x):
        w = functools.reduce(torch.matmul, list(self.factors))
        return x @ w


Model = ButterflyProduct


def inputs():
    torch.manual_seed(4016)
    return [(torch.randn(4, 8),), (torch.randn(4, 8),), (torch.randn(6, 8),)]
