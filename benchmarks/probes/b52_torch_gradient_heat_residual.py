# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class HeatEquationResidual(nn.Module):
    """Physics-informed loss term: u_t - alpha * u_xx on a (T, X) grid with torch.gradient."""

    def __init__(self, dt: float = 0.01, dx: float = 0.1):
        super().__init__()
        self.alpha = nn.Parameter(torch.tensor(0.1))
        self.dt = dt
        self.dx = dx

    def forward(self, u: Tensor) -> Tensor:
        u_t = torch.gradient(u, spacing=self.dt, dim=0)[0]
        u_x = torch.gradient(u, spacing=self.dx, dim=1)[0]
        u_xx = torch.gradient(u_x, spacing=self.dx, dim=1)[0]
        return u_t - self.alpha * u_xx


Model = HeatEquationResidual


def inputs():
    torch.manual_seed(5216)
    return [(torch.randn(6, 9),), (torch.randn(4, 12),)]
