# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiScaleHeatmapLoss(nn.Module):
    """Keypoint heatmap head scored at three scales, coarser scales weighted more."""

    def __init__(self, channels: int = 4, joints: int = 3):
        super().__init__()
        self.head = nn.Conv2d(channels, joints, 1)

    def forward(self, x, target):
        weights: List[float] = [1, 2, 4]
        pred = self.head(x)
        total = pred.new_zeros(())
        for i, w in enumerate(weights):
            p = F.avg_pool2d(pred, 2**i) if i > 0 else pred
            t = F.avg_pool2d(target, 2**i) if i > 0 else target
            total = total + w * F.mse_loss(p, t)
        return total / sum(weights)


Model = MultiScaleHeatmapLoss


def inputs():
    torch.manual_seed(2603)
    return [
        (torch.randn(1, 4, 8, 8), torch.rand(1, 3, 8, 8)),
        (torch.randn(2, 4, 12, 16), torch.rand(2, 3, 12, 16)),
    ]
