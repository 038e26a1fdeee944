# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class RSSMState(NamedTuple):
    mean: Tensor
    std: Tensor
    stoch: Tensor
    deter: Tensor


class RSSM(nn.Module):
    def __init__(self, action_dim: int = 3, stoch: int = 6, deter: int = 12, hidden: int = 16, min_std: float = 0.1):
        super().__init__()
        self.stoch_size, self.deter_size, self.min_std = stoch, deter, min_std
        self.img_in = nn.Sequential(nn.Linear(stoch + action_dim, hidden), nn.ELU())
        self.cell = nn.GRUCell(hidden, deter)
        self.img_out = nn.Sequential(nn.Linear(deter, hidden), nn.ELU(), nn.Linear(hidden, 2 * stoch))

    def initial(self, batch_size: int, like: Tensor) -> RSSMState:
        z = like.new_zeros(batch_size, self.stoch_size)
        return RSSMState(z, z, z, like.new_zeros(batch_size, self.deter_size))

    def img_step(self, prev: RSSMState, action: Tensor, eps: Tensor) -> RSSMState:
        x = self.img_in(torch.cat([prev.stoch, action], dim=-1))
        deter = self.cell(x, prev.deter)
        mean, std = torch.chunk(self.img_out(deter), 2, dim=-1)
        std = F.softplus(std) + self.min_std
        return RSSMState(mean, std, mean + std * eps, deter)


class Actor(nn.Module):
    def __init__(self, feat: int, action_dim: int = 3):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(feat, 16), nn.ELU(), nn.Linear(16, action_dim))

    def forward(self, feat: Tensor) -> Tensor:
        return torch.tanh(self.net(feat))


class Imagination(nn.Module):
    def __init__(self, horizon: int = 5):
        super().__init__()
        self.horizon = horizon
        self.rssm = RSSM()
        self.actor = Actor(6 + 12)
        self.reward = nn.Linear(6 + 12, 1)

    def forward(self, start_stoch: Tensor, start_deter: Tensor, noise: Tensor) -> Tuple[Tensor, Tensor]:
        init = self.rssm.initial(start_stoch.size(0), start_stoch)
        state = RSSMState(init.mean, init.std, start_stoch, start_deter)
        feats, rewards = [], []
        for t in range(self.horizon):
            feat = torch.cat([state.stoch, state.deter], -1)
            action = self.actor(feat.detach())
            state = self.rssm.img_step(state, action, noise[t])
            feat = torch.cat([state.stoch, state.deter], -1)
            feats.append(feat)
            rewards.append(self.reward(feat))
        return torch.stack(feats, 0), torch.stack(rewards, 0).squeeze(-1)


Model = Imagination


def inputs():
    torch.manual_seed(5015)
    return [
        (torch.randn(4, 6), torch.randn(4, 12), torch.randn(5, 4, 6)),
        (torch.randn(2, 6), torch.randn(2, 12), torch.randn(5, 2, 6)),
    ]
