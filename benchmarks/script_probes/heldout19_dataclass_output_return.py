# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn
from torch import Tensor


@dataclass
class HeadOutput:
    logits: Tensor
    boxes: Tensor


class DetectionHead(nn.Module):
    def __init__(self, ch: int = 4, num_classes: int = 3):
        super().__init__()
        self.cls = nn.Conv2d(ch, num_classes, 1)
        self.reg = nn.Conv2d(ch, 4, 1)

    def forward(self, x: Tensor) -> HeadOutput:
        return HeadOutput(logits=self.cls(x).flatten(2), boxes=self.reg(x).flatten(2).sigmoid())


Model = DetectionHead


def inputs():
    torch.manual_seed(1910)
    return [(torch.randn(1, 4, 3, 3),), (torch.randn(2, 4, 5, 4),)]
