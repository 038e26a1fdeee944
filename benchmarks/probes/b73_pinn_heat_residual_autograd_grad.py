# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Physics-informed heat-equation net: forward returns u(x, t) and the PDE residual
    u_t - k * u_xx computed with autograd on the collocation points."""

    def __init__(self, k: float = 0.1):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 1))
        self.k = k

    def forward(self, xt: torch.Tensor):
        xt = xt.clone().requires_grad_(True)  # breaks: compile
        u = self.net(xt)
        (du,) = torch.autograd.grad(u.sum(), xt, create_graph=True)  # breaks: compile,export,trace,script
        u_x, u_t = du[:, 0:1], du[:, 1:2]
        (d2u,) = torch.autograd.grad(u_x.sum(), xt, create_graph=True)  # breaks: compile
        residual = u_t - self.k * d2u[:, 0:1]
        return u.detach(), residual.detach()


def inputs():
    torch.manual_seed(7307)
    return [(torch.rand(8, 2),), (torch.rand(8, 2) * 2 - 1,)]
