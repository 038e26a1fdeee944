# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn


class Model(nn.Module):
    """World model latent imagination: a fixed horizon of transitions from a config value; the
    imagined states are collected in a typed list and stacked."""

    def __init__(self, state: int = 6, action: int = 2, horizon: int = 5):
        super().__init__()
        self.horizon = horizon
        self.actor = nn.Linear(state, action)
        self.transition = nn.GRUCell(action, state)
        self.value = nn.Linear(state, 1)

    def imagine(self, s: torch.Tensor) -> torch.Tensor:
        states: List[torch.Tensor] = []
        for _ in range(self.horizon):
            s = self.transition(torch.tanh(self.actor(s)), s)
            states.append(s)
        return torch.stack(states, 1)

    def forward(self, s0: torch.Tensor) -> torch.Tensor:
        traj = self.imagine(s0)
        return self.value(traj).squeeze(-1).mean(1)


def inputs():
    torch.manual_seed(7025)
    return [(torch.randn(3, 6),), (torch.randn(5, 6),)]
