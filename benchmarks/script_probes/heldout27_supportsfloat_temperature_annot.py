# ruff: noqa  (a probe is written as users write models)
from typing import SupportsFloat

import torch
import torch.nn as nn


def boltzmann(q: torch.Tensor, temperature: SupportsFloat = 1.0) -> torch.Tensor:
    return torch.softmax(q / float(temperature), dim=-1)


class SoftQPolicy(nn.Module):
    """RL soft-Q policy: Boltzmann action distribution over Q values."""

    def __init__(self, obs: int = 5, actions: int = 3):
        super().__init__()
        self.q = nn.Linear(obs, actions)

    def forward(self, s):
        return boltzmann(self.q(s), 0.5)


Model = SoftQPolicy


def inputs():
    torch.manual_seed(2710)
    return [(torch.randn(4, 5),), (torch.randn(1, 5),)]
