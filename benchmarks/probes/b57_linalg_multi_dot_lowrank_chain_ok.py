# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class FactorizedProjection(nn.Module):
    """Compression: a dense projection factored into three thin matrices, applied with
    torch.linalg.multi_dot so the cheapest multiplication order is chosen."""

    def __init__(self, d_in: int = 32, rank: int = 4, d_out: int = 24):
        super().__init__()
        self.u = nn.Parameter(torch.randn(d_in, rank) / d_in**0.5)
        self.s = nn.Parameter(torch.randn(rank, rank))
        self.v = nn.Parameter(torch.randn(rank, d_out) / rank**0.5)

    def forward(self, x):
        return torch.linalg.multi_dot([x, self.u, self.s, self.v])


Model = FactorizedProjection


def inputs():
    torch.manual_seed(5730)
    return [(torch.randn(6, 32),), (torch.randn(11, 32),)]
