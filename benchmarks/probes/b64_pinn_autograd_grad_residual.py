# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Physics-informed net for u(t): forward returns the ODE residual du/dt + u, with the
    derivative taken by torch.autograd.grad inside forward."""

    def __init__(self, h: int = 16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(1, h), nn.Tanh(), nn.Linear(h, 1))

    def forward(self, t: torch.Tensor) -> torch.Tensor:
        t = t.detach().requires_grad_(True)
        u = self.net(t)
        (du,) = torch.autograd.grad(u.sum(), t, create_graph=True)  # breaks: compile,export,trace,script
        return du + u


def inputs():
    torch.manual_seed(6410)
    return [(torch.rand(8, 1),), (torch.rand(8, 1) * 4,)]
