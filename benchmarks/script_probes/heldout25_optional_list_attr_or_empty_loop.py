# ruff: noqa  (a probe is written as users write models)
from typing import List, Optional

import torch
import torch.nn as nn


class PoolPyramid(nn.Module):
    def __init__(self, extra_sizes: Optional[List[int]] = None):
        super().__init__()
        self.extra_sizes = extra_sizes

    def forward(self, x):
        feats = [x.mean(dim=(2, 3))]
        for s in self.extra_sizes or []:
            feats.append(nn.functional.adaptive_avg_pool2d(x, s).flatten(1))
        return torch.cat(feats, dim=1)


Model = PoolPyramid


def inputs():
    torch.manual_seed(2521)
    return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 5),)]
