# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def pairwise_displacements(pos: torch.Tensor) -> torch.Tensor:
    return pos.unsqueeze(2) - pos.unsqueeze(1)  # (B, N, N, 3): r_i - r_j


def softened_gravity(pos: torch.Tensor, mass: torch.Tensor, eps: float, G: float = 1.0) -> torch.Tensor:
    """Plummer-softened pairwise accelerations; the self-interaction is removed with an
    identity mask built for the current particle count."""
    d = pairwise_displacements(pos)
    inv_r3 = (d.pow(2).sum(-1) + eps * eps).pow(-1.5)
    n = pos.shape[1]
    self_mask = torch.eye(n, dtype=torch.bool, device=pos.device)
    inv_r3 = inv_r3.masked_fill(self_mask, 0.0)
    return -G * (inv_r3.unsqueeze(-1) * mass[:, None, :, None] * d).sum(2)


class LearnedCorrection(nn.Module):
    """Per-particle MLP correction on the acceleration (e.g. unresolved drag)."""

    def __init__(self, hidden: int = 32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(7, hidden), nn.SiLU(), nn.Linear(hidden, 3))

    def forward(self, vel: torch.Tensor, acc: torch.Tensor, mass: torch.Tensor) -> torch.Tensor:
        return self.net(torch.cat([vel, acc, mass.unsqueeze(-1)], -1))


class Model(nn.Module):
    """Hybrid physics / ML integrator: leapfrog (kick-drift-kick) steps with softened
    gravity plus a learned correction."""

    def __init__(self, dt: float = 0.01, steps: int = 3, softening: float = 0.05):
        super().__init__()
        self.dt, self.steps, self.softening = dt, steps, softening
        self.correction = LearnedCorrection()

    def accel(self, pos: torch.Tensor, vel: torch.Tensor, mass: torch.Tensor) -> torch.Tensor:
        a = softened_gravity(pos, mass, self.softening)
        return a + 0.1 * self.correction(vel, a, mass)

    def forward(self, pos: torch.Tensor, vel: torch.Tensor, mass: torch.Tensor):
        a = self.accel(pos, vel, mass)
        for _ in range(self.steps):
            vel = vel + 0.5 * self.dt * a
            pos = pos + self.dt * vel
            a = self.accel(pos, vel, mass)
            vel = vel + 0.5 * self.dt * a
        return pos, vel


def inputs():
    torch.manual_seed(6019)
    a = (torch.randn(2, 8, 3), torch.randn(2, 8, 3) * 0.1, torch.rand(2, 8) + 0.5)
    b = (torch.randn(3, 13, 3), torch.randn(3, 13, 3) * 0.1, torch.rand(3, 13) + 0.5)
    return [a, b]
