# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiTaskCTR(nn.Module):
    """Click / purchase towers; the task weights are declared float but written as ints."""

    task_weights: Dict[str, float]

    def __init__(self, dim: int = 6):
        super().__init__()
        self.towers = nn.ModuleDict({"click": nn.Linear(dim, 1), "buy": nn.Linear(dim, 1)})
        self.task_weights = {"click": 1, "buy": 4}

    def forward(self, x, labels):
        total = x.new_zeros(())
        for name, tower in self.towers.items():
            logit = tower(x).squeeze(-1)
            loss = F.binary_cross_entropy_with_logits(logit, labels[:, 0 if name == "click" else 1])
            total = total + self.task_weights[name] * loss
        return total


Model = MultiTaskCTR


def inputs():
    torch.manual_seed(2619)
    return [
        (torch.randn(3, 6), torch.randint(0, 2, (3, 2)).float()),
        (torch.randn(7, 6), torch.randint(0, 2, (7, 2)).float()),
    ]
