# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class RotatePositions(nn.Module):
    def __init__(self, dx=3.0, dy=4.0):
        super().__init__()
        self.dx = dx
        self.dy = dy

    def forward(self, pts):
        theta = math.atan2(self.dy, self.dx)
        c, s = math.cos(theta), math.sin(theta)
        rot = torch.tensor([[c, -s], [s, c]], dtype=pts.dtype)
        return pts @ rot


Model = RotatePositions


def inputs():
    torch.manual_seed(31)
    return [(torch.randn(3, 2),), (torch.randn(6, 2),)]
