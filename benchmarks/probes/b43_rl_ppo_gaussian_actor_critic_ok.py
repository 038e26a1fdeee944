# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.distributions import Normal, Independent


def mlp(sizes, activation=nn.Tanh, output_activation=nn.Identity):
    layers = []
    for j in range(len(sizes) - 1):
        act = activation if j < len(sizes) - 2 else output_activation
        layers += [nn.Linear(sizes[j], sizes[j + 1]), act()]
    return nn.Sequential(*layers)


class MLPGaussianActor(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden_sizes, log_std_init=-0.5):
        super().__init__()
        self.log_std = nn.Parameter(torch.full((act_dim,), log_std_init))
        self.mu_net = mlp([obs_dim, *hidden_sizes, act_dim])

    def distribution(self, obs):
        mu = self.mu_net(obs)
        std = torch.exp(self.log_std)
        return Independent(Normal(mu, std), 1)

    def forward(self, obs, act=None):
        pi = self.distribution(obs)
        logp_a = pi.log_prob(act) if act is not None else None
        return pi, logp_a


class MLPCritic(nn.Module):
    def __init__(self, obs_dim, hidden_sizes):
        super().__init__()
        self.v_net = mlp([obs_dim, *hidden_sizes, 1])

    def forward(self, obs):
        return torch.squeeze(self.v_net(obs), -1)


class MLPActorCritic(nn.Module):
    def __init__(self, obs_dim=4, act_dim=2, hidden_sizes=(16, 16), clip_ratio=0.2):
        super().__init__()
        self.clip_ratio = clip_ratio
        self.pi = MLPGaussianActor(obs_dim, act_dim, hidden_sizes)
        self.v = MLPCritic(obs_dim, hidden_sizes)

    def forward(self, obs, act, logp_old, adv):
        pi, logp = self.pi(obs, act)
        ratio = torch.exp(logp - logp_old)
        clip_adv = torch.clamp(ratio, 1 - self.clip_ratio, 1 + self.clip_ratio) * adv
        loss_pi = -(torch.min(ratio * adv, clip_adv)).mean()
        approx_kl = (logp_old - logp).mean()
        ent = pi.entropy().mean()
        return loss_pi, approx_kl, ent, self.v(obs)


Model = MLPActorCritic


def inputs():
    torch.manual_seed(4322)
    return [
        (torch.randn(5, 4), torch.randn(5, 2), torch.randn(5), torch.randn(5)),
        (torch.randn(8, 4), torch.randn(8, 2), torch.randn(8), torch.randn(8)),
    ]
