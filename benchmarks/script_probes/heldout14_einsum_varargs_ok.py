# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Bilinear(nn.Module):
    def __init__(self, d: int):
        super().__init__()
        self.w = nn.Parameter(torch.randn(d, d) * 0.1)

    def forward(self, a, b):
        return torch.einsum("bi,ij,bj->b", a, self.w, b)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.score = Bilinear(5)

    def forward(self, a, b):
        return self.score(a, b)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5), torch.randn(2, 5)), (torch.randn(4, 5), torch.randn(4, 5))]
