# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class SingleScaleNeck(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.lateral = nn.Conv2d(dim, dim, 1)

    def forward(self, feats: List[Tensor]) -> Tensor:
        (feat,) = feats
        return self.lateral(feat)


Model = SingleScaleNeck


def inputs():
    torch.manual_seed(2324)
    return [([torch.randn(1, 4, 6, 6)],), ([torch.randn(2, 4, 3, 5)],)]
