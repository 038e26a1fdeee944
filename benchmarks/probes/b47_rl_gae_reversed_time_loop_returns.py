# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Critic(nn.Module):
    def __init__(self, obs_dim, hidden=32):
        super().__init__()
        self.v = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, obs):
        return self.v(obs).squeeze(-1)


class GAEEstimator(nn.Module):
    """Computes advantages and returns for a rollout of shape (T, num_envs) (CleanRL-style)."""

    def __init__(self, obs_dim=4, gamma=0.99, gae_lambda=0.95):
        super().__init__()
        self.critic = Critic(obs_dim)
        self.gamma = gamma
        self.gae_lambda = gae_lambda

    @torch.no_grad()
    def forward(self, obs, rewards, dones, next_obs, next_done):
        values = self.critic(obs)  # T, N
        next_value = self.critic(next_obs).reshape(1, -1)
        num_steps = rewards.shape[0]
        advantages = torch.zeros_like(rewards)
        lastgaelam = 0
        for t in reversed(range(num_steps)):
            if t == num_steps - 1:
                nextnonterminal = 1.0 - next_done
                nextvalues = next_value
            else:
                nextnonterminal = 1.0 - dones[t + 1]
                nextvalues = values[t + 1]
            delta = rewards[t] + self.gamma * nextvalues * nextnonterminal - values[t]
            advantages[t] = lastgaelam = delta + self.gamma * self.gae_lambda * nextnonterminal * lastgaelam
        returns = advantages + values
        return advantages, returns


Model = GAEEstimator


def inputs():
    torch.manual_seed(4729)

    def rollout(T, N):
        return (torch.randn(T, N, 4), torch.randn(T, N), (torch.rand(T, N) < 0.1).float(), torch.randn(N, 4), torch.zeros(N))

    return [rollout(5, 2), rollout(8, 2), rollout(3, 3)]
