# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def masked_logits(logits: torch.Tensor, legal: torch.Tensor) -> torch.Tensor:
    if not legal.any(dim=-1).all():  # breaks: compile,export,trace
        raise ValueError("a state with no legal action")
    return logits.masked_fill(~legal, float("-inf"))


class Model(nn.Module):
    """Policy head for a board game: illegal moves are masked out before the softmax."""

    def __init__(self, obs: int = 8, n_actions: int = 5):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs, 16), nn.Tanh(), nn.Linear(16, n_actions))

    def forward(self, obs: torch.Tensor, legal: torch.Tensor) -> torch.Tensor:
        return masked_logits(self.body(obs), legal).softmax(-1)


def inputs():
    torch.manual_seed(7417)
    ok = torch.tensor([[True, False, True, False, False], [False, False, False, True, True]])
    bad = torch.tensor([[True, True, False, False, False], [False, False, False, False, False]])
    return [(torch.randn(2, 8), ok), (torch.randn(2, 8), bad)]
