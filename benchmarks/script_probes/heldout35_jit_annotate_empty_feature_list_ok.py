# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class PyramidEncoder(nn.Module):
    """Encoder that collects stage outputs into a list started with torch.jit.annotate."""

    def __init__(self, dims=(3, 8, 16)):
        super().__init__()
        self.stages = nn.ModuleList(
            [nn.Conv2d(dims[i], dims[i + 1], 3, stride=2, padding=1) for i in range(len(dims) - 1)]
        )

    def collect(self, x: Tensor) -> List[Tensor]:
        feats = torch.jit.annotate(List[Tensor], [])
        for stage in self.stages:
            x = torch.relu(stage(x))
            feats.append(x)
        return feats

    def forward(self, x: Tensor) -> Tensor:
        return torch.cat([f.mean(dim=(2, 3)) for f in self.collect(x)], dim=1)


Model = PyramidEncoder


def inputs():
    torch.manual_seed(3515)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 10, 12),)]
