# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F

LOSS_WEIGHTS = [0.5, 0.3, 0.2]


class MultiHeadLoss(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(dim, 1) for _ in LOSS_WEIGHTS])
        self.weights: List[float] = list(LOSS_WEIGHTS)

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        total = math.fsum(self.weights)
        loss = x.new_zeros(())
        for w, head in zip(self.weights, self.heads):
            loss = loss + (w / total) * F.mse_loss(head(x).squeeze(-1), target)
        return loss


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.crit = MultiHeadLoss()

    def forward(self, x, target):
        return self.crit(x, target)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4, 6), torch.randn(4)), (torch.randn(7, 6), torch.randn(7))]
