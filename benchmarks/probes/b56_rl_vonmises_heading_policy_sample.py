# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
from torch.distributions import VonMises


class HeadingHead(nn.Module):
    """Circular action head: the steering heading is a von Mises angle."""

    def __init__(self, d: int, min_conc: float = 0.5):
        super().__init__()
        self.loc = nn.Linear(d, 1)
        self.conc = nn.Linear(d, 1)
        self.min_conc = min_conc

    def forward(self, h):
        loc = math.pi * torch.tanh(self.loc(h)).squeeze(-1)
        conc = nn.functional.softplus(self.conc(h)).squeeze(-1) + self.min_conc
        return VonMises(loc, conc, validate_args=False)


def act(dist, deterministic: bool):
    # exploration: draw the heading; evaluation runs ask for the mode instead
    return dist.loc if deterministic else dist.sample()


class Policy(nn.Module):
    def __init__(self, obs_dim: int = 10, d: int = 32, deterministic: bool = False):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(obs_dim, d), nn.Tanh(), nn.Linear(d, d), nn.Tanh())
        self.heading = HeadingHead(d)
        self.speed = nn.Linear(d, 1)
        self.deterministic = deterministic

    def forward(self, obs):
        h = self.encoder(obs)
        dist = self.heading(h)
        angle = act(dist, self.deterministic)
        speed = torch.sigmoid(self.speed(h)).squeeze(-1)
        return torch.stack([speed * torch.cos(angle), speed * torch.sin(angle)], dim=-1), dist.log_prob(angle)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.policy = Policy()

    def forward(self, obs):
        return self.policy(obs)


def inputs():
    torch.manual_seed(5605)
    return [(torch.randn(4, 10),), (torch.randn(7, 10),)]
