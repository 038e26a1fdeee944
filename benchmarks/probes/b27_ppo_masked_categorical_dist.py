import numpy as np
import torch
import torch.nn as nn
from torch.distributions import Categorical


def layer_init(layer, std=np.sqrt(2), bias_const=0.0):
    nn.init.orthogonal_(layer.weight, std)
    nn.init.constant_(layer.bias, bias_const)
    return layer


class CategoricalMasked(Categorical):
    def __init__(self, logits, mask=None):
        self.mask = mask
        if mask is not None:
            logits = torch.where(mask, logits, torch.full_like(logits, -1e8))
        super().__init__(logits=logits)

    def entropy(self):
        if self.mask is None:
            return super().entropy()
        p_log_p = self.logits * self.probs
        p_log_p = torch.where(self.mask, p_log_p, torch.zeros_like(p_log_p))
        return -p_log_p.sum(-1)


class ActorCritic(nn.Module):
    def __init__(self, obs_dim=8, n_actions=5, hidden=64):
        super().__init__()
        self.body = nn.Sequential(
            layer_init(nn.Linear(obs_dim, hidden)), nn.Tanh(), layer_init(nn.Linear(hidden, hidden)), nn.Tanh()
        )
        self.pi = layer_init(nn.Linear(hidden, n_actions), std=0.01)
        self.v = layer_init(nn.Linear(hidden, 1), std=1.0)

    def forward(self, obs, action_mask, action=None):
        h = self.body(obs)
        dist = CategoricalMasked(self.pi(h), action_mask.bool())
        if action is None:
            action = dist.sample() if self.training else dist.probs.argmax(-1)
        return action, dist.log_prob(action), dist.entropy(), self.v(h).squeeze(-1)


Model = ActorCritic


def inputs():
    torch.manual_seed(292)
    m1 = torch.ones(4, 5)
    m1[0, 2:] = 0
    m1[3, 0] = 0
    m2 = torch.tensor([[1.0, 0, 0, 1, 0], [0, 0, 1, 1, 1]])
    return [
        (torch.randn(4, 8), m1),
        (torch.randn(2, 8), m2),
    ]
