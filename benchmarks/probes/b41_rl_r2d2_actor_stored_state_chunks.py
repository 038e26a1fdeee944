# ruff: noqa  (a probe is written as users write models)
from typing import Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F

HiddenState = Tuple[torch.Tensor, torch.Tensor]


class DuelingHead(nn.Module):
    def __init__(self, in_dim: int, num_actions: int, hidden: int = 32):
        super().__init__()
        self.value = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, 1))
        self.advantage = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, num_actions))

    def forward(self, x):
        adv = self.advantage(x)
        return self.value(x) + adv - adv.mean(dim=-1, keepdim=True)


class R2D2Network(nn.Module):
    """Recurrent Q-network: conv torso, LSTM core that resets its state at episode boundaries."""

    def __init__(self, in_channels: int = 2, num_actions: int = 4, hidden: int = 32):
        super().__init__()
        self.torso = nn.Sequential(
            nn.Conv2d(in_channels, 8, 3, stride=2), nn.ReLU(), nn.Conv2d(8, 8, 3), nn.ReLU(), nn.Flatten()
        )
        self.core = nn.LSTMCell(8 * 2 * 2 + num_actions + 1, hidden)
        self.head = DuelingHead(hidden, num_actions)
        self.num_actions = num_actions
        self.hidden = hidden
        # actors unroll fixed-length chunks and carry the core state from one chunk to the next
        self._stored_state: Optional[HiddenState] = None

    def initial_state(self, batch: int) -> HiddenState:
        return torch.zeros(batch, self.hidden), torch.zeros(batch, self.hidden)

    def reset(self) -> None:
        self._stored_state = None

    def forward(self, obs, prev_action, prev_reward, done, state: Optional[HiddenState] = None):
        # obs: (T, B, C, H, W); done: (T, B) float
        T, B = obs.shape[:2]
        feats = self.torso(obs.flatten(0, 1)).view(T, B, -1)
        core_in = torch.cat([feats, F.one_hot(prev_action, self.num_actions).float(), prev_reward.unsqueeze(-1).clamp(-1, 1)], -1)
        if state is None:
            state = self._stored_state if self._stored_state is not None else self.initial_state(B)
        h, c = state
        outs = []
        for t in range(T):
            not_done = (1.0 - done[t]).unsqueeze(-1)
            h, c = self.core(core_in[t], (h * not_done, c * not_done))
            outs.append(h)
        q = self.head(torch.stack(outs))
        if not self.training:
            self._stored_state = (h.detach(), c.detach())
        return q, (h, c)


Model = R2D2Network


def inputs():
    torch.manual_seed(4121)
    def rollout(T, B):
        done = torch.zeros(T, B)
        done[T // 2, 0] = 1.0
        return torch.rand(T, B, 2, 9, 9), torch.randint(0, 4, (T, B)), torch.randn(T, B), done
    return [rollout(5, 2), rollout(5, 2)]
