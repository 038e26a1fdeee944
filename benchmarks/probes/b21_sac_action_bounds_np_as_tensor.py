import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

LOG_STD_MIN, LOG_STD_MAX = -5, 2


class Actor(nn.Module):
    def __init__(self, obs_dim=5, act_dim=2, low=(-1.0, 0.0), high=(1.0, 2.0)):
        super().__init__()
        self.fc1 = nn.Linear(obs_dim, 32)
        self.fc2 = nn.Linear(32, 32)
        self.mean = nn.Linear(32, act_dim)
        self.log_std = nn.Linear(32, act_dim)
        self.action_scale = (np.asarray(high, dtype=np.float32) - np.asarray(low, dtype=np.float32)) / 2.0
        self.action_bias = (np.asarray(high, dtype=np.float32) + np.asarray(low, dtype=np.float32)) / 2.0

    def forward(self, obs):
        h = F.relu(self.fc2(F.relu(self.fc1(obs))))
        mean = self.mean(h)
        log_std = torch.tanh(self.log_std(h))
        log_std = LOG_STD_MIN + 0.5 * (LOG_STD_MAX - LOG_STD_MIN) * (log_std + 1)
        scale = torch.as_tensor(self.action_scale, dtype=obs.dtype, device=obs.device)
        bias = torch.as_tensor(self.action_bias, dtype=obs.dtype, device=obs.device)
        return torch.tanh(mean) * scale + bias, log_std.exp()


Model = Actor


def inputs():
    torch.manual_seed(67)
    return [(torch.randn(3, 5),), (torch.randn(7, 5),)]
