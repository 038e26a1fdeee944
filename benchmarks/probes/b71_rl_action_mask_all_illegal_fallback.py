# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MaskedGreedy(nn.Module):
    """Greedy action under a legality mask; a state with no legal action falls back to all actions."""

    def forward(self, q: torch.Tensor, legal: torch.Tensor):
        any_legal = legal.any(-1, keepdim=True)
        if not bool(any_legal.all()):  # breaks: compile,export,trace
            legal = legal | ~any_legal
        q = q.masked_fill(~legal, float("-inf"))
        return q.argmax(-1), q.max(-1).values


class Model(nn.Module):
    def __init__(self, obs: int = 6, actions: int = 4):
        super().__init__()
        self.q = nn.Sequential(nn.Linear(obs, 16), nn.ReLU(), nn.Linear(16, actions))
        self.pick = MaskedGreedy()

    def forward(self, obs: torch.Tensor, legal: torch.Tensor):
        return self.pick(self.q(obs), legal)


def inputs():
    torch.manual_seed(7115)
    legal_a = torch.tensor([[True, False, True, False], [False, True, True, True], [True, True, False, False]])
    legal_b = torch.tensor([[True, False, False, False], [False, False, False, False], [False, True, True, False]])
    return [(torch.randn(3, 6), legal_a), (torch.randn(3, 6), legal_b)]
