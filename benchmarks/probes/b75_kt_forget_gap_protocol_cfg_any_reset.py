# ruff: noqa  (a probe is written as users write models)
from typing import Protocol

import torch
import torch.nn as nn


class ForgettingConfig(Protocol):
    max_gap: float
    reset_gap: float


class DefaultForgetting:
    max_gap = 30.0
    reset_gap = 20.0


class Model(nn.Module):
    """Knowledge tracing with forgetting: elapsed time between attempts decays the knowledge
    state; a gap longer than the reset horizon restarts the student from the prior."""

    def __init__(self, cfg: ForgettingConfig = DefaultForgetting(), d: int = 6):
        super().__init__()
        self.cfg = cfg
        self.prior = nn.Parameter(torch.zeros(d))
        self.inp = nn.Linear(2, d)

    def forward(self, correct: torch.Tensor, stamps: torch.Tensor) -> torch.Tensor:
        gap = (stamps[:, 1:] - stamps[:, :-1]).clamp(max=self.cfg.max_gap)  # breaks: script
        state = torch.tanh(self.inp(torch.stack([correct[:, 1:], gap / self.cfg.max_gap], -1))).cumsum(1)
        if (gap > self.cfg.reset_gap).any():  # breaks: compile,export,trace
            state = state * (gap <= self.cfg.reset_gap).float().cumprod(1)[..., None] + self.prior
        return state.mean(-1)


def inputs():
    torch.manual_seed(7519)
    c = torch.randint(0, 2, (2, 5)).float()
    steady = torch.arange(5.0).expand(2, 5) * 3
    lapse = steady.clone()
    lapse[:, 3:] += 40
    return [(c, steady), (c, lapse)]
