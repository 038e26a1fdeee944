# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.distributions import Normal, TransformedDistribution
from torch.distributions.transforms import TanhTransform


class SquashedGaussianActor(nn.Module):
    """SAC-style actor: log-prob of given actions under a tanh-squashed Gaussian."""

    def __init__(self, obs_dim=8, act_dim=2):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, 32), nn.ReLU())
        self.mu = nn.Linear(32, act_dim)
        self.log_std = nn.Linear(32, act_dim)

    def forward(self, obs, pre_tanh):
        h = self.body(obs)
        std = self.log_std(h).clamp(-5.0, 2.0).exp()
        base = Normal(self.mu(h), std, validate_args=False)
        squashed = TransformedDistribution(base, [TanhTransform()], validate_args=False)
        actions = torch.tanh(pre_tanh) * 0.99
        return squashed.log_prob(actions).sum(-1)


Model = SquashedGaussianActor


def inputs():
    torch.manual_seed(4004)
    return [(torch.randn(6, 8), torch.randn(6, 2)), (torch.randn(6, 8), torch.randn(6, 2)), (torch.randn(3, 8), torch.randn(3, 2))]
