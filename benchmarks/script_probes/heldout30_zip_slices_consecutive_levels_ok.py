# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class ScaleConsistencyHead(nn.Module):
    """Pyramid head that scores neighbouring levels by zipping the list with its own tail."""

    def __init__(self, ch: int = 4, levels: int = 3):
        super().__init__()
        self.convs = nn.ModuleList([nn.Conv2d(ch, ch, 3, padding=1) for _ in range(levels)])

    def forward(self, x: Tensor) -> Tensor:
        feats: List[Tensor] = []
        for conv in self.convs:
            x = torch.relu(conv(x))
            feats.append(x.mean(dim=(2, 3)))
        deltas = [hi - lo for lo, hi in zip(feats[:-1], feats[1:])]
        return torch.stack(deltas, dim=1)


Model = ScaleConsistencyHead


def inputs():
    torch.manual_seed(3013)
    return [(torch.randn(2, 4, 8, 8),), (torch.randn(1, 4, 5, 7),)]
