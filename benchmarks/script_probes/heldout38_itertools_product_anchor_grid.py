# ruff: noqa  (a probe is written as users write models)
import itertools
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class AnchorOffsetHead(nn.Module):
    """Predicts box deltas and adds them to a grid of anchor centres built cell by cell."""

    def __init__(self, channels: int = 4, stride: int = 8):
        super().__init__()
        self.stride = stride
        self.reg = nn.Conv2d(channels, 2, 1)

    def anchor_centres(self, h: int, w: int) -> Tensor:
        centres: List[List[float]] = []
        for i, j in itertools.product(range(h), range(w)):
            centres.append([(j + 0.5) * self.stride, (i + 0.5) * self.stride])
        return torch.tensor(centres)

    def forward(self, feats: Tensor) -> Tensor:
        b, _, h, w = feats.shape
        deltas = self.reg(feats).flatten(2).transpose(1, 2)
        return self.anchor_centres(h, w).unsqueeze(0) + deltas * self.stride


Model = AnchorOffsetHead


def inputs():
    torch.manual_seed(3814)
    return [(torch.randn(2, 4, 3, 5),), (torch.randn(1, 4, 2, 2),)]
