# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class NoisyLinear(nn.Module):
    """Factorised Gaussian noisy layer; noise only while training."""

    def __init__(self, in_features, out_features, std_init=0.5):
        super().__init__()
        self.in_features, self.out_features, self.std_init = in_features, out_features, std_init
        self.weight_mu = nn.Parameter(torch.empty(out_features, in_features))
        self.weight_sigma = nn.Parameter(torch.empty(out_features, in_features))
        self.register_buffer("weight_epsilon", torch.empty(out_features, in_features))
        self.bias_mu = nn.Parameter(torch.empty(out_features))
        self.bias_sigma = nn.Parameter(torch.empty(out_features))
        self.register_buffer("bias_epsilon", torch.empty(out_features))
        self.reset_parameters()
        self.reset_noise()

    def reset_parameters(self):
        mu_range = 1 / math.sqrt(self.in_features)
        self.weight_mu.data.uniform_(-mu_range, mu_range)
        self.weight_sigma.data.fill_(self.std_init / math.sqrt(self.in_features))
        self.bias_mu.data.uniform_(-mu_range, mu_range)
        self.bias_sigma.data.fill_(self.std_init / math.sqrt(self.out_features))

    @staticmethod
    def _scale_noise(size):
        x = torch.randn(size)
        return x.sign().mul_(x.abs().sqrt_())

    def reset_noise(self):
        eps_in, eps_out = self._scale_noise(self.in_features), self._scale_noise(self.out_features)
        self.weight_epsilon.copy_(eps_out.ger(eps_in))
        self.bias_epsilon.copy_(eps_out)

    def forward(self, x):
        if self.training:
            return F.linear(x, self.weight_mu + self.weight_sigma * self.weight_epsilon, self.bias_mu + self.bias_sigma * self.bias_epsilon)
        return F.linear(x, self.weight_mu, self.bias_mu)


class DuelingNoisyDQN(nn.Module):
    def __init__(self, in_channels=2, num_actions=4, hidden=32, frame=(12, 12)):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(in_channels, 8, 4, stride=2), nn.ReLU(), nn.Conv2d(8, 8, 3), nn.ReLU(), nn.Flatten())
        with torch.no_grad():
            n_flat = self.features(torch.zeros(1, in_channels, *frame)).shape[1]
        self.value = nn.Sequential(NoisyLinear(n_flat, hidden), nn.ReLU(), NoisyLinear(hidden, 1))
        self.advantage = nn.Sequential(NoisyLinear(n_flat, hidden), nn.ReLU(), NoisyLinear(hidden, num_actions))

    def reset_noise(self):
        for m in self.modules():
            if isinstance(m, NoisyLinear):
                m.reset_noise()

    def forward(self, obs):
        h = self.features(obs / 255.0)
        v, a = self.value(h), self.advantage(h)
        return v + a - a.mean(dim=1, keepdim=True)


Model = DuelingNoisyDQN


def inputs():
    torch.manual_seed(3720)
    return [(torch.randint(0, 256, (3, 2, 12, 12)).float(),), (torch.randint(0, 256, (5, 2, 12, 12)).float(),)]
