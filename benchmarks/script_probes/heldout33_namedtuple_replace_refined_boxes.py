# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple

import torch
import torch.nn as nn
from torch import Tensor


class Detections(NamedTuple):
    boxes: Tensor
    scores: Tensor


class BoxRefiner(nn.Module):
    """Second-stage head: predicts box deltas and returns the first stage's detections with
    the boxes replaced by the refined ones."""

    def __init__(self):
        super().__init__()
        self.delta = nn.Linear(4, 4)

    def first_stage(self, x: Tensor) -> Detections:
        return Detections(x, x.sum(-1).sigmoid())

    def forward(self, x: Tensor) -> Detections:
        dets = self.first_stage(x)
        return dets._replace(boxes=dets.boxes + self.delta(dets.boxes))


Model = BoxRefiner


def inputs():
    torch.manual_seed(3313)
    return [(torch.randn(3, 4),), (torch.randn(6, 4),)]
