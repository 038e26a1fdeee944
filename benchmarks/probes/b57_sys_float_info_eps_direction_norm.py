# ruff: noqa  (a probe is written as users write models)
import sys

import torch
import torch.nn as nn


class VelocityDirection(nn.Module):
    """Physics: predicts a velocity field and splits it into speed and unit direction; the
    division guard is Python's machine epsilon from sys.float_info."""

    def __init__(self, d_in: int = 5):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, 16), nn.Tanh(), nn.Linear(16, 3))

    def forward(self, x):
        v = self.net(x)
        speed = torch.linalg.vector_norm(v, dim=-1, keepdim=True)
        direction = v / (speed + sys.float_info.epsilon)
        return torch.cat([speed, direction], dim=-1)


Model = VelocityDirection


def inputs():
    torch.manual_seed(5704)
    return [(torch.randn(6, 5),), (torch.randn(2, 10, 5),)]
