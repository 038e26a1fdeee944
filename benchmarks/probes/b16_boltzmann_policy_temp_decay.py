import torch
from torch import nn


class BoltzmannExploration(nn.Module):
    """Softmax exploration whose temperature anneals every time the policy is queried."""

    def __init__(self, start: float = 2.0, end: float = 0.5, decay: float = 0.8):
        super().__init__()
        self.temperature = start
        self.end = end
        self.decay = decay

    def anneal(self) -> float:
        self.temperature = max(self.end, self.temperature * self.decay)  # breaks: export,trace
        return self.temperature

    def forward(self, logits):
        return torch.softmax(logits / self.anneal(), dim=-1)


class Model(nn.Module):
    def __init__(self, obs_dim: int = 5, n_actions: int = 3):
        super().__init__()
        self.torso = nn.Sequential(nn.Linear(obs_dim, 32), nn.Tanh())
        self.pi = nn.Linear(32, n_actions)
        self.v = nn.Linear(32, 1)
        self.explore = BoltzmannExploration()

    def forward(self, obs):
        h = self.torso(obs)
        return self.explore(self.pi(h)), self.v(h).squeeze(-1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4, 5),), (torch.randn(4, 5),), (torch.randn(6, 5),)]
