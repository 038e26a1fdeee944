import torch
from torch import nn


class RunningMeanStd(nn.Module):
    def __init__(self, shape, epsilon=1e-4):
        super().__init__()
        self.register_buffer("mean", torch.zeros(shape))
        self.register_buffer("var", torch.ones(shape))
        self.count = epsilon

    @torch.no_grad()
    def update(self, x):
        batch_mean, batch_var, n = x.mean(0), x.var(0, unbiased=False), x.shape[0]
        delta = batch_mean - self.mean
        total = self.count + n
        self.mean += delta * n / total
        m2 = self.var * self.count + batch_var * n + delta.pow(2) * self.count * n / total
        self.var.copy_(m2 / total)
        self.count = total  # breaks: export,trace


class Model(nn.Module):
    def __init__(self, obs_dim=6, n_actions=3, update_obs_rms=True):
        super().__init__()
        self.obs_rms = RunningMeanStd(obs_dim)
        self.update_obs_rms = update_obs_rms
        self.pi = nn.Sequential(nn.Linear(obs_dim, 32), nn.Tanh(), nn.Linear(32, n_actions))

    def forward(self, obs):
        if self.update_obs_rms:
            self.obs_rms.update(obs)
        obs = ((obs - self.obs_rms.mean) / torch.sqrt(self.obs_rms.var + 1e-8)).clamp(-10, 10)
        return self.pi(obs)


def inputs():
    torch.manual_seed(21)
    return [(torch.randn(4, 6),), (torch.randn(4, 6) + 1,), (torch.randn(8, 6) * 2,)]
