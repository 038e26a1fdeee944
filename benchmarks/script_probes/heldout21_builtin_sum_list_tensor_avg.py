# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, Tensor
from typing import List


def average(feats: List[Tensor]) -> Tensor:
    return sum(feats) / len(feats)


class Ensemble(nn.Module):
    def __init__(self, dim: int = 6, members: int = 3):
        super().__init__()
        self.members = nn.ModuleList([nn.Linear(dim, 2) for _ in range(members)])

    def forward(self, x: Tensor) -> Tensor:
        outs: List[Tensor] = [m(x) for m in self.members]
        return average(outs)


Model = Ensemble


def inputs():
    torch.manual_seed(2133)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
