# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RigidBodyTorque(nn.Module):
    """Physics: predicted per-point forces, total torque about the centre of mass via torch.linalg.cross."""

    def __init__(self, d: int = 3):
        super().__init__()
        self.force = nn.Sequential(nn.Linear(d, 16), nn.SiLU(), nn.Linear(16, 3))

    def forward(self, pos):
        f = self.force(pos)
        r = pos - pos.mean(dim=-2, keepdim=True)
        return torch.linalg.cross(r, f, dim=-1).sum(-2)


Model = RigidBodyTorque


def inputs():
    torch.manual_seed(5418)
    return [(torch.randn(2, 5, 3),), (torch.randn(3, 9, 3),)]
