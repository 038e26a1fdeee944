# ruff: noqa  (a probe is written as users write models)
from typing import List, Sequence

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def mlp(sizes: Sequence[int], act=nn.Tanh) -> nn.Sequential:
    layers = []
    for i in range(len(sizes) - 1):
        layers += [nn.Linear(sizes[i], sizes[i + 1]), act()]
    return nn.Sequential(*layers)


class MultiDiscreteHead(nn.Module):
    """One categorical per action dimension, logits packed side by side."""

    def __init__(self, hidden: int, nvec: Sequence[int]):
        super().__init__()
        self.register_buffer("nvec", torch.as_tensor(nvec, dtype=torch.long))
        self.proj = nn.Linear(hidden, int(sum(nvec)))

    def split_logits(self, logits: Tensor) -> List[Tensor]:
        return list(torch.split(logits, self.nvec.tolist(), dim=-1))

    def forward(self, h: Tensor):
        parts = self.split_logits(self.proj(h))
        actions = torch.stack([p.argmax(-1) for p in parts], dim=-1)
        logps = [F.log_softmax(p, -1).gather(-1, a.unsqueeze(-1)).squeeze(-1) for p, a in zip(parts, actions.unbind(-1))]
        entropy = sum(-(F.softmax(p, -1) * F.log_softmax(p, -1)).sum(-1) for p in parts)
        return actions, torch.stack(logps, -1).sum(-1), entropy


class ActorCritic(nn.Module):
    def __init__(self, obs_dim=12, hidden=32, nvec=(3, 5, 2)):
        super().__init__()
        self.body = mlp([obs_dim, hidden, hidden])
        self.pi = MultiDiscreteHead(hidden, nvec)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs: Tensor):
        h = self.body(obs)
        actions, logp, ent = self.pi(h)
        return actions, logp, ent, self.v(h).squeeze(-1)


Model = ActorCritic


def inputs():
    torch.manual_seed(3701)
    return [(torch.randn(4, 12),), (torch.randn(7, 12),)]
