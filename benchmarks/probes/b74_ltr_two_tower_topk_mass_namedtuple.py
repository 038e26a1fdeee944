# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class Ranked(NamedTuple):
    scores: torch.Tensor
    index: torch.Tensor


class Tower(nn.Module):
    def __init__(self, d_in: int, d: int):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(d_in, d), nn.ReLU(), nn.Linear(d, d))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.normalize(self.mlp(x), dim=-1)


class Model(nn.Module):
    """Two-tower retrieval: the candidate list is cut where the softmax mass reaches `mass`,
    so a confident query returns a short list."""

    def __init__(self, mass: float = 0.8):
        super().__init__()
        self.user = Tower(6, 8)
        self.item = Tower(5, 8)
        self.mass = mass

    def _cutoff(self, probs: torch.Tensor) -> int:
        covered = (probs.sort(dim=-1, descending=True).values.cumsum(-1) < self.mass).sum(-1)
        return int(covered.max()) + 1  # breaks: compile,export,trace

    def forward(self, user: torch.Tensor, items: torch.Tensor) -> Ranked:
        logits = self.user(user) @ self.item(items).T * 10.0
        probs = logits.softmax(-1)
        top = probs.topk(self._cutoff(probs), dim=-1)
        return Ranked(top.values, top.indices)


def inputs():
    torch.manual_seed(7401)
    items = torch.randn(12, 5)
    return [(torch.randn(2, 6), items), (torch.randn(2, 6) * 0.01, items)]
