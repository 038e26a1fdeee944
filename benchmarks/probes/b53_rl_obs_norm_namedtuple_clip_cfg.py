# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from typing import NamedTuple


class ClipRange(NamedTuple):
    low: float
    high: float


class NormConfig(NamedTuple):
    eps: float = 1e-8
    clip: ClipRange = ClipRange(-5.0, 5.0)


class RunningObsNormalizer(nn.Module):
    """Observation normaliser with frozen statistics (as loaded from a checkpoint)."""

    def __init__(self, obs_dim: int, cfg: NormConfig = NormConfig()):
        super().__init__()
        self.cfg = cfg
        self.register_buffer("mean", torch.linspace(-0.5, 0.5, obs_dim))
        self.register_buffer("var", torch.linspace(0.5, 2.0, obs_dim))

    def forward(self, obs: torch.Tensor) -> torch.Tensor:
        z = (obs - self.mean) / torch.sqrt(self.var + self.cfg.eps)
        return z.clamp(self.cfg.clip.low, self.cfg.clip.high)


def mlp(sizes):
    layers = []
    for i in range(len(sizes) - 1):
        layers.append(nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            layers.append(nn.Tanh())
    return nn.Sequential(*layers)


class ActorCritic(nn.Module):
    def __init__(self, obs_dim: int = 6, act_dim: int = 2, hidden: int = 32):
        super().__init__()
        self.obs_norm = RunningObsNormalizer(obs_dim)
        self.pi = mlp([obs_dim, hidden, hidden, act_dim])
        self.v = mlp([obs_dim, hidden, hidden, 1])
        self.log_std = nn.Parameter(torch.full((act_dim,), -0.5))

    def forward(self, obs: torch.Tensor):
        z = self.obs_norm(obs)
        mu = torch.tanh(self.pi(z))
        value = self.v(z).squeeze(-1)
        return mu, self.log_std.exp().expand_as(mu), value


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.ac = ActorCritic()

    def forward(self, obs):
        return self.ac(obs)


def inputs():
    torch.manual_seed(5306)
    return [(torch.randn(4, 6) * 3,), (torch.randn(7, 6) * 8,)]
