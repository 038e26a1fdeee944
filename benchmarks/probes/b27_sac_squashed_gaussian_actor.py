import math

import torch
import torch.nn as nn
import torch.nn.functional as F

LOG_STD_MIN, LOG_STD_MAX = -20.0, 2.0


def mlp(sizes, act=nn.ReLU, out_act=nn.Identity):
    layers = []
    for j in range(len(sizes) - 1):
        layers += [nn.Linear(sizes[j], sizes[j + 1]), act() if j < len(sizes) - 2 else out_act()]
    return nn.Sequential(*layers)


class SquashedGaussianActor(nn.Module):
    def __init__(self, obs_dim=11, act_dim=3, hidden=(64, 64), act_limit=2.0):
        super().__init__()
        self.net = mlp([obs_dim, *hidden], nn.ReLU, nn.ReLU)
        self.mu = nn.Linear(hidden[-1], act_dim)
        self.log_std = nn.Linear(hidden[-1], act_dim)
        self.act_limit = act_limit

    @staticmethod
    def gaussian_logp(u, mu, log_std):
        z = (u - mu) * torch.exp(-log_std)
        return (-0.5 * z.pow(2) - log_std - 0.5 * math.log(2 * math.pi)).sum(-1)

    def forward(self, obs, noise=None, deterministic: bool = False):
        h = self.net(obs)
        mu = self.mu(h)
        log_std = torch.clamp(self.log_std(h), LOG_STD_MIN, LOG_STD_MAX)
        if deterministic or noise is None:
            u = mu
        else:
            u = mu + noise * log_std.exp()
        logp = self.gaussian_logp(u, mu, log_std)
        logp = logp - (2 * (math.log(2) - u - F.softplus(-2 * u))).sum(-1)
        return self.act_limit * torch.tanh(u), logp


Model = SquashedGaussianActor


def inputs():
    torch.manual_seed(276)
    return [
        (torch.randn(5, 11), torch.randn(5, 3)),
        (torch.randn(2, 11) * 3, torch.randn(2, 3)),
    ]
