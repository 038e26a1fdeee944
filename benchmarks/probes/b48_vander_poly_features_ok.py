# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PolyBasis(nn.Module):
    def __init__(self, degree: int = 4):
        super().__init__()
        self.degree = degree
        self.coef = nn.Parameter(torch.randn(degree + 1) * 0.1)

    def forward(self, t):
        basis = torch.linalg.vander(t, N=self.degree + 1)
        return basis @ self.coef


Model = PolyBasis


def inputs():
    torch.manual_seed(4812)
    return [(torch.rand(3, 7),), (torch.rand(2, 12),)]
