# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class NStepReturnTarget(nn.Module):
    """RL: discounted returns for a whole trajectory at once with an upper-triangular matrix of
    gamma powers, plus a bootstrapped value of the final observation."""

    def __init__(self, obs: int = 6, gamma: float = 0.9):
        super().__init__()
        self.value = nn.Linear(obs, 1)
        self.gamma = gamma

    def forward(self, rewards, last_obs):
        t = rewards.shape[1]
        idx = torch.arange(t, device=rewards.device)
        lag = (idx.unsqueeze(0) - idx.unsqueeze(1)).clamp(min=0).to(rewards.dtype)
        disc = torch.triu(torch.pow(self.gamma, lag))
        returns = rewards @ disc.t()
        tail = torch.pow(self.gamma, (t - idx).to(rewards.dtype))
        return returns + self.value(last_obs) * tail


Model = NStepReturnTarget


def inputs():
    torch.manual_seed(5724)
    return [(torch.randn(2, 5), torch.randn(2, 6)), (torch.randn(3, 8), torch.randn(3, 6))]
