# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class DeepSupervisionDecoder(nn.Module):
    """Decoder with one auxiliary classifier per stage, applied by a helper that indexes them."""

    def __init__(self, dims=(8, 16, 32), num_classes: int = 3):
        super().__init__()
        self.stages = nn.ModuleList([nn.Conv2d(d, d, 3, padding=1) for d in dims])
        self.aux_heads = nn.ModuleList([nn.Conv2d(d, num_classes, 1) for d in dims])

    def _aux_outputs(self, feats: List[Tensor]) -> List[Tensor]:
        outs: List[Tensor] = []
        for i in range(len(feats)):
            outs.append(self.aux_heads[i](feats[i]).mean(dim=(2, 3)))
        return outs

    def forward(self, f0: Tensor, f1: Tensor, f2: Tensor) -> Tensor:
        feats = [self.stages[0](f0), self.stages[1](f1), self.stages[2](f2)]
        return torch.stack(self._aux_outputs(feats), dim=0).sum(0)


Model = DeepSupervisionDecoder


def inputs():
    torch.manual_seed(3501)
    return [
        (torch.randn(2, 8, 8, 8), torch.randn(2, 16, 4, 4), torch.randn(2, 32, 2, 2)),
        (torch.randn(1, 8, 6, 6), torch.randn(1, 16, 3, 3), torch.randn(1, 32, 2, 2)),
    ]
