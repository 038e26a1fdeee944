import math

import torch
import torch.nn as nn


class HeadingEncoder(nn.Module):
    """Encodes a 2-D velocity into a rotation-aware embedding."""

    def __init__(self, dim: int = 16):
        super().__init__()
        self.embed = nn.Linear(4, dim)

    def heading(self, vel):
        return math.atan2(vel[1], vel[0])  # breaks: compile,export,trace

    def forward(self, vel, feats):
        theta = self.heading(vel)
        rot = torch.tensor([[math.cos(theta), -math.sin(theta)], [math.sin(theta), math.cos(theta)]])
        local = feats @ rot.T
        return self.embed(torch.cat([local, feats], dim=-1))


Model = HeadingEncoder


def inputs():
    torch.manual_seed(0)
    return [
        (torch.tensor([1.0, 0.5]), torch.randn(5, 2)),
        (torch.tensor([-0.3, 2.0]), torch.randn(5, 2)),
    ]
