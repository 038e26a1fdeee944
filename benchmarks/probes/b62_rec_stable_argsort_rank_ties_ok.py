# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def stable_ranks(scores: torch.Tensor) -> torch.Tensor:
    """0-based rank of every candidate (descending score); ties keep catalogue order, so the
    ranking is reproducible across runs and hardware."""
    order = torch.argsort(-scores, dim=-1, stable=True)
    ranks = torch.empty_like(order)
    ranks.scatter_(-1, order, torch.arange(scores.shape[-1], device=scores.device).expand_as(order))
    return ranks


def dcg_weights(ranks: torch.Tensor) -> torch.Tensor:
    return 1.0 / torch.log2(ranks.to(torch.float32) + 2.0)


class ItemScorer(nn.Module):
    def __init__(self, n_items: int, dim: int):
        super().__init__()
        self.items = nn.Embedding(n_items, dim)
        self.bias = nn.Embedding(n_items, 1)

    def forward(self, user: torch.Tensor, cand: torch.Tensor) -> torch.Tensor:
        s = (self.items(cand) * user.unsqueeze(1)).sum(-1) + self.bias(cand).squeeze(-1)
        return torch.round(s * 4) / 4  # quantised scores: ties are common


class Model(nn.Module):
    """Re-ranker: scores candidates, ranks them stably, and returns position-discounted
    scores plus the ranks (used for exposure logging)."""

    def __init__(self, n_users: int = 50, n_items: int = 200, dim: int = 8):
        super().__init__()
        self.users = nn.Embedding(n_users, dim)
        self.scorer = ItemScorer(n_items, dim)

    def forward(self, user_ids: torch.Tensor, cand_ids: torch.Tensor):
        scores = self.scorer(self.users(user_ids), cand_ids)
        ranks = stable_ranks(scores)
        return scores * dcg_weights(ranks), ranks


def inputs():
    torch.manual_seed(6218)
    return [
        (torch.randint(0, 50, (2,)), torch.randint(0, 200, (2, 10))),
        (torch.randint(0, 50, (4,)), torch.randint(0, 200, (4, 25))),
    ]
