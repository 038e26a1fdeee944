# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class Detections:
    """Result container returned by the detector (boxes and scores)."""

    boxes: torch.Tensor
    scores: torch.Tensor


class Model(nn.Module):
    def __init__(self, d: int = 4):
        super().__init__()
        self.box = nn.Linear(d, 4)
        self.score = nn.Linear(d, 1)

    def forward(self, feats: torch.Tensor) -> Detections:
        return Detections(self.box(feats), self.score(feats).sigmoid().squeeze(-1))  # breaks: export,trace,script


def inputs():
    torch.manual_seed(6629)
    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
