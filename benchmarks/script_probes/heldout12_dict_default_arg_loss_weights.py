# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
import torch.nn as nn


def weighted_sum(terms: Dict[str, torch.Tensor], weights: Dict[str, float] = {}) -> torch.Tensor:
    total = torch.zeros(())
    for name, value in terms.items():
        total = total + value * weights.get(name, 1.0)
    return total


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(6, 3)

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        logits = self.head(x)
        terms = {
            "mse": (logits - y).pow(2).mean(),
            "l1": (logits - y).abs().mean(),
        }
        return weighted_sum(terms)


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(4, 6), torch.randn(4, 3)),
        (torch.randn(2, 6), torch.randn(2, 3)),
    ]
