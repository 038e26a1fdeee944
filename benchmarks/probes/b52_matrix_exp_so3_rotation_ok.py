# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class RigidTransform(nn.Module):
    """Learned SE(3) pose: rotation = matrix_exp of a skew-symmetric matrix from an axis-angle vector."""

    def __init__(self):
        super().__init__()
        self.omega = nn.Parameter(torch.tensor([0.3, -0.2, 0.5]))
        self.t = nn.Parameter(torch.tensor([0.1, 0.0, -0.1]))

    def forward(self, pts: Tensor) -> Tensor:
        wx, wy, wz = self.omega.unbind()
        zero = torch.zeros_like(wx)
        K = torch.stack([
            torch.stack([zero, -wz, wy]),
            torch.stack([wz, zero, -wx]),
            torch.stack([-wy, wx, zero]),
        ])
        R = torch.linalg.matrix_exp(K)
        return pts @ R.T + self.t


Model = RigidTransform


def inputs():
    torch.manual_seed(5222)
    return [(torch.randn(2, 10, 3),), (torch.randn(1, 6, 3),)]
