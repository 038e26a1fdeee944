# ruff: noqa  (a probe is written as users write models)
from __future__ import annotations

from typing import NamedTuple

import torch
from torch import Tensor, nn


class DetOutput(NamedTuple):
    boxes: Tensor
    scores: Tensor
    masks: Tensor | None


class DetHead(nn.Module):
    def __init__(self, dim: int = 8, with_masks: bool = False):
        super().__init__()
        self.box = nn.Linear(dim, 4)
        self.score = nn.Linear(dim, 1)
        self.with_masks = with_masks

    def forward(self, x: Tensor) -> DetOutput:
        masks: Tensor | None = None
        if self.with_masks:
            masks = x.sigmoid()
        return DetOutput(self.box(x), self.score(x).squeeze(-1), masks)


Model = DetHead


def inputs():
    torch.manual_seed(2038)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
