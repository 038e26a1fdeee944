# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple

import torch
import torch.nn as nn


class Detections(NamedTuple):
    boxes: torch.Tensor
    scores: torch.Tensor


class Model(nn.Module):
    """Detection head returning its boxes and scores in a typed NamedTuple."""

    def __init__(self, c: int = 8, a: int = 5):
        super().__init__()
        self.a = a
        self.box = nn.Linear(c, a * 4)
        self.cls = nn.Linear(c, a)

    def forward(self, feats: torch.Tensor) -> Detections:
        boxes = self.box(feats).reshape(feats.shape[0], self.a, 4)
        return Detections(boxes, torch.sigmoid(self.cls(feats)))


def inputs():
    torch.manual_seed(6425)
    return [(torch.randn(2, 8),), (torch.randn(2, 8),)]
