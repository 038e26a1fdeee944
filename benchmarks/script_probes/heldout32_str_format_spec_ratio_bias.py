# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class AspectBias(nn.Module):
    """Adds a learned-at-export-time bias picked by the configured aspect ratio, keyed the way
    the checkpoint's config file writes ratios."""

    def __init__(self, ratio: float = 0.5):
        super().__init__()
        self.ratio = ratio
        self.bias_by_ratio: Dict[str, float] = {"0.50": 0.25, "1.00": -0.5, "2.00": 1.5}

    def key(self) -> str:
        return "{:.2f}".format(self.ratio)

    def forward(self, x: Tensor) -> Tensor:
        return x + self.bias_by_ratio[self.key()]


class Detector(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(6, 4)
        self.bias = AspectBias(0.5)

    def forward(self, x: Tensor) -> Tensor:
        return self.bias(self.head(x))


Model = Detector


def inputs():
    torch.manual_seed(3203)
    return [(torch.randn(3, 6),), (torch.randn(5, 6),)]
