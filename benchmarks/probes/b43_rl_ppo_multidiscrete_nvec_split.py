# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn
from torch.distributions.categorical import Categorical


def layer_init(layer, std=np.sqrt(2), bias_const=0.0):
    torch.nn.init.orthogonal_(layer.weight, std)
    torch.nn.init.constant_(layer.bias, bias_const)
    return layer


class FakeMultiDiscrete:
    """Stands in for gym.spaces.MultiDiscrete."""

    def __init__(self, nvec):
        self.nvec = np.asarray(nvec, dtype=np.int64)


class MultiDiscreteAgent(nn.Module):
    def __init__(self, obs_dim=6, action_space=FakeMultiDiscrete([3, 4, 2]), hidden=16):
        super().__init__()
        self.nvec = action_space.nvec
        self.network = nn.Sequential(layer_init(nn.Linear(obs_dim, hidden)), nn.Tanh(),
                                     layer_init(nn.Linear(hidden, hidden)), nn.Tanh())
        self.actor = layer_init(nn.Linear(hidden, int(self.nvec.sum())), std=0.01)
        self.critic = layer_init(nn.Linear(hidden, 1), std=1.0)

    def get_value(self, x):
        return self.critic(self.network(x))

    def forward(self, x, action):
        hidden = self.network(x)
        logits = self.actor(hidden)
        split_logits = torch.split(logits, self.nvec.tolist(), dim=1)
        dists = [Categorical(logits=l) for l in split_logits]
        logprob = torch.stack([d.log_prob(a) for a, d in zip(action.T, dists)])
        entropy = torch.stack([d.entropy() for d in dists])
        return logprob.sum(0), entropy.sum(0), self.critic(hidden).squeeze(-1)


Model = MultiDiscreteAgent


def inputs():
    torch.manual_seed(4320)
    mk = lambda n: torch.stack([torch.randint(0, k, (n,)) for k in (3, 4, 2)], dim=1)
    return [(torch.randn(4, 6), mk(4)), (torch.randn(6, 6), mk(6))]
