# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class AnchorDecoder(nn.Module):
    """Per-level anchor centres kept as buffers named by level; forward offsets each level's
    anchors by the predicted deltas."""

    def __init__(self, sizes=(4, 2)):
        super().__init__()
        self.num_levels = len(sizes)
        for i, n in enumerate(sizes):
            self.register_buffer(f"anchors_l{i}", torch.arange(n, dtype=torch.float32))
        self.delta = nn.Linear(3, 1)

    def forward(self, feats: List[Tensor]) -> List[Tensor]:
        out: List[Tensor] = []
        for i in range(self.num_levels):
            anchors = getattr(self, f"anchors_l{i}")
            out.append(anchors + self.delta(feats[i]).squeeze(-1))
        return out


Model = AnchorDecoder


def inputs():
    torch.manual_seed(3315)
    return [([torch.randn(4, 3), torch.randn(2, 3)],), ([torch.randn(4, 3), torch.randn(2, 3)],)]
