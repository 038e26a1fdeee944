# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """Range-image projection: points are binned by pitch; when the scan lies inside the sensor's
    vertical field of view no clipping is needed, otherwise out-of-view points are clamped."""

    def __init__(self, fov_up: float = 3.0, fov_down: float = -25.0, rows: int = 4):
        super().__init__()
        self.fov_up = math.radians(fov_up)
        self.fov_down = math.radians(fov_down)
        self.rows = rows
        self.enc = nn.Linear(4, 4)

    def forward(self, pts: torch.Tensor) -> torch.Tensor:
        depth = pts[:, :3].norm(dim=1).clamp_min(1e-3)  # breaks: script
        pitch = torch.asin(pts[:, 2] / depth)
        if not (self.fov_down <= pitch.min() and pitch.max() <= self.fov_up):  # breaks: compile,export,trace
            pitch = pitch.clamp(self.fov_down, self.fov_up)
        v = (1.0 - (pitch - self.fov_down) / (self.fov_up - self.fov_down)) * (self.rows - 1)
        row = v.round().long()
        img = pts.new_zeros(self.rows, 4).index_add_(0, row, self.enc(pts))
        return img


def inputs():
    torch.manual_seed(7427)
    flat = torch.cat([torch.randn(10, 2) * 10, torch.randn(10, 1) * 0.3, torch.rand(10, 1)], 1)
    steep = torch.cat([torch.randn(10, 2), torch.randn(10, 1) * 5, torch.rand(10, 1)], 1)
    return [(flat,), (steep,)]
