# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math

import torch
import torch.nn as nn


class Rotate2D(nn.Module):
    def __init__(self, degrees: float = 30.0):
        super().__init__()
        self.degrees = degrees

    def forward(self, pts: torch.Tensor) -> torch.Tensor:
        theta = math.radians(self.degrees)
        c, s = math.cos(theta), math.sin(theta)
        rot = torch.tensor([[c, -s], [s, c]], dtype=pts.dtype)
        return pts @ rot.t()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.rot = Rotate2D()
        self.fc = nn.Linear(2, 3)

    def forward(self, pts):
        return self.fc(self.rot(pts))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4, 2),), (torch.randn(7, 2),)]
