# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class LevelConfig:
    strides = {"p3": 8, "p4": 16}


class PointGenerator(nn.Module):
    """Per-level point coordinates; the stride table is declared constant for scripting."""

    __constants__ = ["level_strides"]

    def __init__(self, cfg=LevelConfig()):
        super().__init__()
        self.level_strides = dict(cfg.strides)
        self.proj = nn.Conv2d(3, 2, 1)

    def forward(self, x: Tensor) -> Tensor:
        out = self.proj(x)
        s = self.level_strides["p3"]
        return F.avg_pool2d(out, 2) * s


Model = PointGenerator


def inputs():
    torch.manual_seed(3308)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 4, 6),)]
