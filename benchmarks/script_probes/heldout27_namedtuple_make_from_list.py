# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple

import torch
import torch.nn as nn
from torch import Tensor


class DetOutput(NamedTuple):
    boxes: Tensor
    scores: Tensor
    labels: Tensor


class DetectionHead(nn.Module):
    """Detection head building its output record from a list of per-field tensors."""

    def __init__(self, dim: int = 8, classes: int = 3):
        super().__init__()
        self.box = nn.Linear(dim, 4)
        self.cls = nn.Linear(dim, classes)

    def forward(self, feats):
        logits = self.cls(feats)
        scores, labels = logits.softmax(-1).max(-1)
        return DetOutput._make([self.box(feats), scores, labels])


Model = DetectionHead


def inputs():
    torch.manual_seed(2705)
    return [(torch.randn(5, 8),), (torch.randn(2, 7, 8),)]
