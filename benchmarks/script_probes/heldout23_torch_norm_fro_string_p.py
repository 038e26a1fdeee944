# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class FrobeniusNormalizedProj(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(dim, dim))

    def forward(self, x):
        w = self.weight / torch.norm(self.weight, p="fro")
        return x @ w.t()


Model = FrobeniusNormalizedProj


def inputs():
    torch.manual_seed(2309)
    return [(torch.randn(2, 6),), (torch.randn(4, 3, 6),)]
