# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple, Optional

import torch
import torch.nn as nn
from torch import Tensor


class DetectorOutput(NamedTuple):
    boxes: Tensor
    scores: Tensor
    labels: Tensor
    masks: Optional[Tensor] = None


class ScoreThresholdHead(nn.Module):
    """Detection post-processing: keeps the boxes above a score threshold and returns them as
    a named tuple (no mask branch in this config)."""

    def __init__(self, num_classes: int = 3, thresh: float = 0.4):
        super().__init__()
        self.cls = nn.Linear(6, num_classes)
        self.reg = nn.Linear(6, 4)
        self.thresh = thresh

    def forward(self, feats: Tensor) -> DetectorOutput:
        probs = self.cls(feats).softmax(-1)
        scores, labels = probs.max(-1)
        keep = scores > self.thresh
        return DetectorOutput(self.reg(feats)[keep], scores[keep], labels[keep])


Model = ScoreThresholdHead


def inputs():
    torch.manual_seed(3314)
    return [(torch.randn(8, 6),), (torch.randn(5, 6),)]
