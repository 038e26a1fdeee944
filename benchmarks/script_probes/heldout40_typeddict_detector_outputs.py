# ruff: noqa  (a probe is written as users write models)
from typing import TypedDict

import torch
import torch.nn as nn
from torch import Tensor


class DetectorOutput(TypedDict):
    boxes: Tensor
    scores: Tensor


class TinyDetectionHead(nn.Module):
    """Box and score head returning a typed dictionary of outputs."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.box = nn.Linear(dim, 4)
        self.cls = nn.Linear(dim, 1)

    def forward(self, x: Tensor) -> DetectorOutput:
        return {"boxes": self.box(x).sigmoid(), "scores": self.cls(x).squeeze(-1).sigmoid()}


Model = TinyDetectionHead


def inputs():
    torch.manual_seed(4009)
    return [(torch.randn(2, 6, 8),), (torch.randn(1, 3, 8),)]
