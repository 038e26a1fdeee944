# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class EpsilonGreedy(nn.Module):
    """Exploration wrapper: with probability eps the whole batch takes uniformly random actions."""

    def __init__(self, n_actions: int, eps: float = 0.5):
        super().__init__()
        self.n_actions = n_actions
        self.eps = eps

    def forward(self, q: torch.Tensor) -> torch.Tensor:
        if torch.rand(()) < self.eps:  # breaks: compile,export,trace
            return torch.randint(0, self.n_actions, (q.size(0),))
        return q.argmax(-1)


class Model(nn.Module):
    def __init__(self, obs: int = 6, n_actions: int = 4):
        super().__init__()
        self.q = nn.Sequential(nn.Linear(obs, 16), nn.ReLU(), nn.Linear(16, n_actions))
        self.explore = EpsilonGreedy(n_actions)

    def forward(self, obs: torch.Tensor) -> torch.Tensor:
        return self.explore(self.q(obs))


def inputs():
    torch.manual_seed(6931)
    return [(torch.randn(4, 6),), (torch.randn(4, 6),), (torch.randn(4, 6),)]
