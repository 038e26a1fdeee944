import torch
from torch import nn
from torch.distributions import Normal


class GaussianHead(nn.Module):
    def __init__(self, dim: int = 8, act_dim: int = 2):
        super().__init__()
        self.mu = nn.Linear(dim, act_dim)
        self.log_std = nn.Parameter(torch.zeros(act_dim))

    def distribution(self, h):
        return Normal(self.mu(h), self.log_std.exp())


class Model(nn.Module):
    def __init__(self, dim: int = 8, act_dim: int = 2):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.head = GaussianHead(dim, act_dim)

    def forward(self, obs, action):
        dist = self.head.distribution(self.body(obs))
        return dist.log_prob(action).sum(-1), dist.entropy().sum(-1)


def inputs():
    return [
        (torch.randn(4, 8), torch.randn(4, 2)),
        (torch.randn(3, 8), torch.randn(3, 2) * 3),
    ]
