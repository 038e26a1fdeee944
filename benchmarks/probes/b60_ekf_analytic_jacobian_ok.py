# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class UnicycleDynamics(nn.Module):
    """x = (px, py, heading, speed); kinematic motion plus a learned constant drift."""

    def __init__(self, dt: float = 0.1):
        super().__init__()
        self.dt = dt
        self.drift = nn.Parameter(torch.zeros(4))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        px, py, th, v = x.unbind(-1)
        nxt = torch.stack([px + self.dt * v * th.cos(), py + self.dt * v * th.sin(), th, v], -1)
        return nxt + 0.01 * self.drift

    def jacobian(self, x: torch.Tensor) -> torch.Tensor:
        """Closed-form d f / d x, batched."""
        _, _, th, v = x.unbind(-1)
        one, zero = torch.ones_like(th), torch.zeros_like(th)
        rows = [
            torch.stack([one, zero, -self.dt * v * th.sin(), self.dt * th.cos()], -1),
            torch.stack([zero, one, self.dt * v * th.cos(), self.dt * th.sin()], -1),
            torch.stack([zero, zero, one, zero], -1),
            torch.stack([zero, zero, zero, one], -1),
        ]
        return torch.stack(rows, -2)


class Model(nn.Module):
    """Extended Kalman filter predict + update for a batch of tracked objects."""

    def __init__(self):
        super().__init__()
        self.f = UnicycleDynamics()
        self.log_q = nn.Parameter(torch.full((4,), -4.0))
        self.log_r = nn.Parameter(torch.full((2,), -2.0))
        self.register_buffer("H", torch.eye(4)[:2])

    def predict(self, x: torch.Tensor, P: torch.Tensor):
        F_ = self.f.jacobian(x)
        x_pred = self.f(x)
        P_pred = F_ @ P @ F_.transpose(-1, -2) + torch.diag_embed(self.log_q.exp())
        return x_pred, P_pred

    def update(self, x: torch.Tensor, P: torch.Tensor, z: torch.Tensor):
        H = self.H.expand(x.shape[0], -1, -1)
        S = H @ P @ H.transpose(-1, -2) + torch.diag_embed(self.log_r.exp())
        K = torch.linalg.solve(S, H @ P).transpose(-1, -2)
        innov = z - (H @ x.unsqueeze(-1)).squeeze(-1)
        x_new = x + (K @ innov.unsqueeze(-1)).squeeze(-1)
        P_new = (torch.eye(4, dtype=x.dtype, device=x.device) - K @ H) @ P
        return x_new, P_new

    def forward(self, x: torch.Tensor, P: torch.Tensor, z: torch.Tensor):
        x, P = self.predict(x, P)
        return self.update(x, P, z)


def inputs():
    torch.manual_seed(6006)

    def make(b: int):
        A = torch.randn(b, 4, 4) * 0.1
        return (torch.randn(b, 4), A @ A.transpose(-1, -2) + 0.1 * torch.eye(4), torch.randn(b, 2))

    return [make(3), make(5)]
