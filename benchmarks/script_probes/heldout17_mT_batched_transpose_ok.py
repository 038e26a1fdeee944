# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class BilinearScore(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)

    def forward(self, x):
        return torch.softmax(self.q(x) @ self.k(x).mT, dim=-1)


Model = BilinearScore


def inputs():
    torch.manual_seed(7)
    return [(torch.randn(2, 3, 6),), (torch.randn(1, 5, 6),)]
