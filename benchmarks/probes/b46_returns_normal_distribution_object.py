# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Normal


class GaussianPolicy(nn.Module):
    """Actor head that hands the action distribution itself back to the caller."""

    def __init__(self, obs_dim=6, act_dim=2, hidden=16):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh())
        self.mu = nn.Linear(hidden, act_dim)
        self.log_std = nn.Linear(hidden, act_dim)

    def forward(self, obs):
        h = self.body(obs)
        std = F.softplus(self.log_std(h)) + 1e-3
        return Normal(self.mu(h), std)


Model = GaussianPolicy


def inputs():
    torch.manual_seed(4631)
    return [(torch.randn(3, 6),), (torch.randn(5, 6),)]
