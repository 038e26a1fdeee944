# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn


class Dynamics(nn.Module):
    def __init__(self, state: int = 6, action: int = 2):
        super().__init__()
        self.cell = nn.GRUCell(action, state)
        self.reward = nn.Linear(state, 1)
        self.policy = nn.Linear(state, action)

    def forward(self, s: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        a = torch.tanh(self.policy(s))
        s = self.cell(a, s)
        return s, self.reward(s).squeeze(-1)


class Model(nn.Module):
    """Dreamer-style imagination: roll the learned dynamics forward and return the discounted
    return of the imagined trajectory."""

    def __init__(self, horizon: int = 4, gamma: float = 0.9):
        super().__init__()
        self.horizon = horizon
        self.gamma = gamma
        self.dyn = Dynamics()

    def forward(self, s0: torch.Tensor) -> torch.Tensor:
        s = s0
        steps: List[Tuple[torch.Tensor, torch.Tensor]] = []
        for _ in range(self.horizon):
            s, r = self.dyn(s)
            steps.append((s, r))
        states, rewards = zip(*steps)  # breaks: script
        discounts = self.gamma ** torch.arange(self.horizon, dtype=s0.dtype)
        return (torch.stack(rewards, 1) * discounts).sum(1) + torch.stack(states, 1).pow(2).sum(-1).mean(1)


def inputs():
    torch.manual_seed(7024)
    return [(torch.randn(3, 6),), (torch.randn(3, 6),)]
