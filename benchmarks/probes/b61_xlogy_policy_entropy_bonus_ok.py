# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Discrete actor-critic head returning probabilities, value and the policy entropy; the
    entropy uses xlogy so that zero-probability (masked) actions give 0 instead of nan."""

    def __init__(self, obs: int = 10, n_act: int = 6):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs, 32), nn.Tanh())
        self.pi = nn.Linear(32, n_act)
        self.v = nn.Linear(32, 1)

    def forward(self, obs: torch.Tensor, legal: torch.Tensor):
        h = self.body(obs)
        logits = self.pi(h).masked_fill(~legal, float("-inf"))
        p = F.softmax(logits, dim=-1)
        entropy = -torch.special.xlogy(p, p).sum(-1)
        return p, self.v(h).squeeze(-1), entropy


def inputs():
    torch.manual_seed(6118)
    a = torch.rand(4, 6) > 0.3
    a[:, 0] = True
    b = torch.rand(7, 6) > 0.5
    b[:, 2] = True
    return [(torch.randn(4, 10), a), (torch.randn(7, 10), b)]
