# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
from torch import Tensor


class CosineEmbedding(nn.Module):
    """phi(tau) = ReLU(sum_i cos(pi * i * tau) w_i + b) from Implicit Quantile Networks."""

    def __init__(self, n_cos, embedding_dim):
        super().__init__()
        self.register_buffer("pis", math.pi * torch.arange(1, n_cos + 1, dtype=torch.float32).view(1, 1, n_cos))
        self.net = nn.Sequential(nn.Linear(n_cos, embedding_dim), nn.ReLU())

    def forward(self, taus: Tensor) -> Tensor:
        cosines = torch.cos(taus.unsqueeze(-1) * self.pis)
        return self.net(cosines)


class IQN(nn.Module):
    def __init__(self, obs_dim=6, num_actions=4, hidden=32, n_cos=16, dueling=True):
        super().__init__()
        self.num_actions = num_actions
        self.dueling = dueling
        self.feature = nn.Sequential(nn.Linear(obs_dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.cos_embedding = CosineEmbedding(n_cos, hidden)
        self.advantage = nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, num_actions))
        self.value = nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1)) if dueling else None

    def quantiles(self, obs: Tensor, taus: Tensor) -> Tensor:
        batch_size, n_tau = taus.shape
        state_embedding = self.feature(obs)
        tau_embedding = self.cos_embedding(taus)
        embedding = (state_embedding.unsqueeze(1) * tau_embedding).view(batch_size * n_tau, -1)
        adv = self.advantage(embedding).view(batch_size, n_tau, self.num_actions)
        if self.value is None:
            return adv
        val = self.value(embedding).view(batch_size, n_tau, 1)
        return val + adv - adv.mean(dim=-1, keepdim=True)

    def forward(self, obs: Tensor, taus: Tensor, cvar_alpha: float = 1.0):
        quantiles = self.quantiles(obs, taus * cvar_alpha)
        q_values = quantiles.mean(dim=1)
        greedy = q_values.argmax(dim=-1)
        return quantiles, q_values, greedy


Model = IQN


def inputs():
    torch.manual_seed(3921)
    return [(torch.randn(3, 6), torch.rand(3, 8)), (torch.randn(5, 6), torch.rand(5, 32))]
