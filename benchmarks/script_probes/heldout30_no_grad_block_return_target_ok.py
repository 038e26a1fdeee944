# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class DoubleDQN(nn.Module):
    """Online and target Q-networks; the target value is computed and returned under no_grad."""

    def __init__(self, obs: int = 4, actions: int = 3, gamma: float = 0.9):
        super().__init__()
        self.online = nn.Sequential(nn.Linear(obs, 16), nn.ReLU(), nn.Linear(16, actions))
        self.target = nn.Sequential(nn.Linear(obs, 16), nn.ReLU(), nn.Linear(16, actions))
        self.gamma = gamma

    def td_target(self, reward: Tensor, next_obs: Tensor) -> Tensor:
        with torch.no_grad():
            best = self.online(next_obs).argmax(-1, keepdim=True)
            q_next = self.target(next_obs).gather(-1, best).squeeze(-1)
            return reward + self.gamma * q_next

    def forward(self, obs: Tensor, reward: Tensor, next_obs: Tensor) -> Tensor:
        q = self.online(obs).max(-1).values
        return (q - self.td_target(reward, next_obs)).pow(2).mean()


Model = DoubleDQN


def inputs():
    torch.manual_seed(3021)
    return [
        (torch.randn(3, 4), torch.randn(3), torch.randn(3, 4)),
        (torch.randn(5, 4), torch.randn(5), torch.randn(5, 4)),
    ]
