# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self, width: int = 16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, width), nn.Tanh(), nn.Linear(width, width), nn.Tanh(), nn.Linear(width, 1))

    def forward(self, xt: torch.Tensor) -> torch.Tensor:
        return self.net(xt)


class Model(nn.Module):
    """Physics-informed net for the heat equation: returns u and the PDE residual u_t - k u_xx."""

    def __init__(self, kappa: float = 0.1):
        super().__init__()
        self.u = MLP()
        self.kappa = kappa

    def forward(self, xt: torch.Tensor):
        xt = xt.clone().requires_grad_(True)
        u = self.u(xt)
        du = torch.autograd.grad(u.sum(), xt, create_graph=True)[0]  # breaks: compile,export,trace,script
        u_x, u_t = du[:, 0:1], du[:, 1:2]
        u_xx = torch.autograd.grad(u_x.sum(), xt, create_graph=True)[0][:, 0:1]
        return u.detach(), (u_t - self.kappa * u_xx).detach()


def inputs():
    torch.manual_seed(6911)
    return [(torch.rand(5, 2),), (torch.rand(8, 2),)]
