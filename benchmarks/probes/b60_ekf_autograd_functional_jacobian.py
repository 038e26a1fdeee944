# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.autograd.functional import jacobian as jac


class UnicycleDynamics(nn.Module):
    """x = (px, py, heading, speed); learned residual on top of the kinematic model."""

    def __init__(self, dt: float = 0.1):
        super().__init__()
        self.dt = dt
        self.residual = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 4))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        px, py, th, v = x.unbind(-1)
        nxt = torch.stack([px + self.dt * v * th.cos(), py + self.dt * v * th.sin(), th, v], -1)
        return nxt + 0.01 * self.residual(x)


def batched_jacobian(fn, x: torch.Tensor) -> torch.Tensor:
    # sum over the batch keeps rows independent: d(sum_b f(x_b))/dx_b = J(x_b)
    return jac(lambda z: fn(z).sum(0), x, create_graph=True).transpose(0, 1)


class Model(nn.Module):
    """Extended Kalman filter predict + update for a batch of tracked objects."""

    def __init__(self):
        super().__init__()
        self.f = UnicycleDynamics()
        self.log_q = nn.Parameter(torch.full((4,), -4.0))
        self.log_r = nn.Parameter(torch.full((2,), -2.0))
        self.register_buffer("H", torch.eye(4)[:2])

    def predict(self, x: torch.Tensor, P: torch.Tensor):
        F_ = batched_jacobian(self.f, x)
        x_pred = self.f(x)
        P_pred = F_ @ P @ F_.transpose(-1, -2) + torch.diag_embed(self.log_q.exp())
        return x_pred, P_pred

    def update(self, x: torch.Tensor, P: torch.Tensor, z: torch.Tensor):
        H = self.H.expand(x.shape[0], -1, -1)
        S = H @ P @ H.transpose(-1, -2) + torch.diag_embed(self.log_r.exp())
        K = torch.linalg.solve(S, H @ P).transpose(-1, -2)
        innov = z - (H @ x.unsqueeze(-1)).squeeze(-1)
        x_new = x + (K @ innov.unsqueeze(-1)).squeeze(-1)
        P_new = (torch.eye(4, dtype=x.dtype) - K @ H) @ P
        return x_new, P_new

    def forward(self, x: torch.Tensor, P: torch.Tensor, z: torch.Tensor):
        x, P = self.predict(x, P)
        return self.update(x, P, z)


def inputs():
    torch.manual_seed(6005)
    def make(b):
        A = torch.randn(b, 4, 4) * 0.1
        return (torch.randn(b, 4), A @ A.transpose(-1, -2) + 0.1 * torch.eye(4), torch.randn(b, 2))
    return [make(3), make(5)]
