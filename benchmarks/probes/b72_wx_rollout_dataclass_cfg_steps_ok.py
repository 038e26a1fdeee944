# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class RolloutConfig:
    lead_hours: int = 24
    step_hours: int = 6
    channels: int = 3


class Model(nn.Module):
    """Autoregressive medium-range forecaster rolled out for a lead time fixed by its config."""

    def __init__(self, cfg: RolloutConfig = RolloutConfig()):
        super().__init__()
        self.steps = cfg.lead_hours // cfg.step_hours
        self.step = nn.Conv2d(cfg.channels, cfg.channels, 3, padding=1)

    def forward(self, state: torch.Tensor) -> torch.Tensor:
        frames = []
        for _ in range(self.steps):
            state = state + 0.1 * torch.tanh(self.step(state))
            frames.append(state)
        return torch.stack(frames, 1)


def inputs():
    torch.manual_seed(7204)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(3, 3, 8, 8),)]
