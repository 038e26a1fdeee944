# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class DeepSupervisionMixin:
    """Shared helper of the segmentation heads: averages the per-stage logits."""

    def average_logits(self, logits: List[Tensor]) -> Tensor:
        return sum(logits) / len(logits)


class AuxLossHead(DeepSupervisionMixin, nn.Module):
    """Deep-supervision head whose stage logits are combined by the mixin's helper."""

    def __init__(self, channels: int = 4, stages: int = 3, classes: int = 5):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(channels, classes) for _ in range(stages)])

    def forward(self, x: Tensor) -> Tensor:
        pooled = x.mean((2, 3))
        return self.average_logits([head(pooled) for head in self.heads])


Model = AuxLossHead


def inputs():
    torch.manual_seed(3405)
    return [(torch.randn(2, 4, 5, 5),), (torch.randn(1, 4, 3, 7),)]
