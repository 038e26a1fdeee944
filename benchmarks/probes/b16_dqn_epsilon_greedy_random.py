import random

import torch
from torch import nn


class EpsilonGreedy:
    def __init__(self, epsilon: float = 0.3):
        self.epsilon = epsilon

    def select(self, q_values: torch.Tensor) -> torch.Tensor:
        greedy = q_values.argmax(-1)
        if random.random() < self.epsilon:  # breaks: compile,export,trace
            return torch.randint_like(greedy, q_values.shape[-1])
        return greedy


class Model(nn.Module):
    def __init__(self, obs_dim: int = 6, n_actions: int = 4):
        super().__init__()
        self.q_net = nn.Sequential(nn.Linear(obs_dim, 32), nn.ReLU(), nn.Linear(32, n_actions))
        self.explore = EpsilonGreedy()

    def forward(self, obs):
        q = self.q_net(obs)
        action = self.explore.select(q)
        return action, q.gather(-1, action.unsqueeze(-1)).squeeze(-1)


def inputs():
    torch.manual_seed(0)
    random.seed(0)
    return [(torch.randn(5, 6),), (torch.randn(5, 6),), (torch.randn(5, 6),)]
