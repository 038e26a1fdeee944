# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Pedestrian forecaster that pads observed tracks shorter than the encoder window and
    crops longer ones; velocities are clamped to a walking-speed ceiling with torch.where."""

    def __init__(self, window: int = 8, d: int = 8, vmax: float = 2.5):
        super().__init__()
        self.window, self.vmax = window, vmax
        self.enc = nn.Linear(window * 2, d)
        self.dec = nn.Linear(d, 2)

    def forward(self, track: torch.Tensor) -> torch.Tensor:
        vel = track[:, 1:] - track[:, :-1]
        speed = vel.norm(dim=-1, keepdim=True)  # breaks: script
        vel = torch.where(speed > self.vmax, vel * self.vmax / speed.clamp(min=1e-6), vel)
        if 0 < vel.shape[1] < self.window:
            vel = F.pad(vel, (0, 0, self.window - vel.shape[1], 0))
        vel = vel[:, -self.window :]
        return track[:, -1] + self.dec(torch.relu(self.enc(vel.flatten(1))))


def inputs():
    torch.manual_seed(7506)
    return [(torch.randn(3, 6, 2),), (torch.randn(3, 6, 2) * 5,)]
