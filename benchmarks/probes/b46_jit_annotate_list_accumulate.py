# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class FPNLateral(nn.Module):
    def __init__(self, channels=(4, 8), out=6):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(c, out, 1) for c in channels])

    def forward(self, c3: Tensor, c4: Tensor) -> List[Tensor]:
        outs = torch.jit.annotate(List[Tensor], [])
        for conv, feat in zip(self.lateral, [c3, c4]):
            outs.append(conv(feat))
        return outs


Model = FPNLateral


def inputs():
    torch.manual_seed(4621)
    return [
        (torch.randn(1, 4, 8, 8), torch.randn(1, 8, 4, 4)),
        (torch.randn(2, 4, 6, 6), torch.randn(2, 8, 3, 3)),
    ]
