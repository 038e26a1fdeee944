# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class DeepSupervisionLoss(nn.Module):
    def __init__(self, weights=(1.0, 0.5, 0.25)):
        super().__init__()
        self.weights = weights

    def forward(self, preds: List[Tensor], target: Tensor) -> Tensor:
        losses = [((p - target) ** 2).mean() * w for p, w in zip(preds, self.weights)]
        return torch.stack(losses).sum()


Model = DeepSupervisionLoss


def inputs():
    torch.manual_seed(2448)
    t1 = torch.randn(2, 3)
    t2 = torch.randn(4, 3)
    return [
        ([torch.randn(2, 3), torch.randn(2, 3)], t1),
        ([torch.randn(4, 3), torch.randn(4, 3), torch.randn(4, 3)], t2),
    ]
