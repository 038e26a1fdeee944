# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
from typing import List


class MultiScaleLoss(nn.Module):
    def __init__(self, weights: List[float] = [1.0, 0.5, 0.25]):
        super().__init__()
        self.weights = weights

    def forward(self, preds: List[torch.Tensor], target: torch.Tensor) -> torch.Tensor:
        terms = [w * (p - target).pow(2).mean() for w, p in zip(self.weights, preds)]
        return sum(terms, torch.zeros(())) / sum(self.weights)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.loss = MultiScaleLoss()
        self.heads = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def forward(self, x, y):
        return self.loss([h(x) for h in self.heads], y)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), torch.randn(2, 4)), (torch.randn(5, 4), torch.randn(5, 4))]
