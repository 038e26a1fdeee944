# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn

BOUNDARY_CONDITIONS = {}


def register(name):
    def deco(fn):
        BOUNDARY_CONDITIONS[name] = fn
        return fn

    return deco


@register("dirichlet")
def dirichlet(u, du, g):
    return u - g


@register("robin")
def robin(u, du, g):
    if torch.isnan(g).any():  # breaks: compile,export,trace
        g = torch.nan_to_num(g)
    return du + 0.5 * u - g


class Model(nn.Module):
    """PINN boundary residual; the boundary condition type is chosen by name from a registry."""

    def __init__(self, bc: str = "robin"):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 2))
        self.bc = BOUNDARY_CONDITIONS[bc]

    def forward(self, xb: torch.Tensor, g: torch.Tensor) -> torch.Tensor:
        u, du = self.net(xb).unbind(-1)
        return self.bc(u, du, g)


def inputs():
    torch.manual_seed(7329)
    g = torch.randn(5)
    g_missing = g.clone()
    g_missing[2] = float("nan")
    return [(torch.rand(5, 2), g), (torch.rand(5, 2), g_missing)]
