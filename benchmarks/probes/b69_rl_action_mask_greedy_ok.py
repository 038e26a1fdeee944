# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class DuelingHead(nn.Module):
    def __init__(self, dim: int, n_actions: int):
        super().__init__()
        self.value = nn.Linear(dim, 1)
        self.adv = nn.Linear(dim, n_actions)

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        a = self.adv(h)
        return self.value(h) + a - a.mean(-1, keepdim=True)


class Model(nn.Module):
    """DQN policy for a board game: illegal moves masked out before the greedy choice."""

    def __init__(self, obs: int = 10, n_actions: int = 6):
        super().__init__()
        self.torso = nn.Sequential(nn.Linear(obs, 16), nn.ReLU())
        self.head = DuelingHead(16, n_actions)

    def forward(self, obs: torch.Tensor, legal: torch.Tensor):
        q = self.head(self.torso(obs))
        q = torch.where(legal, q, float("-inf"))
        return q.argmax(-1), q.max(-1).values


def inputs():
    torch.manual_seed(6925)
    return [
        (torch.randn(3, 10), torch.rand(3, 6) > 0.3),
        (torch.randn(5, 10), torch.rand(5, 6) > 0.6),
    ]
