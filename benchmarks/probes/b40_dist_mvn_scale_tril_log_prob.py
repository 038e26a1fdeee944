# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.distributions import MultivariateNormal


class GaussianPolicyHead(nn.Module):
    """Full-covariance Gaussian head: log-likelihood of observed actions."""

    def __init__(self, obs_dim=10, act_dim=3, hidden=32):
        super().__init__()
        self.act_dim = act_dim
        self.trunk = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh())
        self.mean = nn.Linear(hidden, act_dim)
        self.tril = nn.Linear(hidden, act_dim * act_dim)

    def forward(self, obs, actions):
        h = self.trunk(obs)
        mu = self.mean(h)
        raw = self.tril(h).view(-1, self.act_dim, self.act_dim)
        diag = torch.nn.functional.softplus(torch.diagonal(raw, dim1=-2, dim2=-1)) + 1e-3
        scale_tril = torch.tril(raw, diagonal=-1) + torch.diag_embed(diag)
        dist = MultivariateNormal(mu, scale_tril=scale_tril)
        return dist.log_prob(actions)


Model = GaussianPolicyHead


def inputs():
    torch.manual_seed(4001)
    return [
        (torch.randn(6, 10), torch.randn(6, 3)),
        (torch.randn(6, 10), torch.randn(6, 3)),
        (torch.randn(4, 10), torch.randn(4, 3)),
    ]
