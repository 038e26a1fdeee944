# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn

_PRIME = 1000003


def cross_hash(a: torch.Tensor, b: torch.Tensor, buckets: int) -> torch.Tensor:
    """Hashed feature cross of two id columns into a fixed number of buckets."""
    return torch.remainder(a * _PRIME + b * 31, buckets)  # breaks: script


class Model(nn.Module):
    """Wide & deep recommender: crossed categorical ids in the wide part, embeddings in the deep part."""

    def __init__(self, n_users: int = 20, n_items: int = 30, buckets: int = 97, dim: int = 6):
        super().__init__()
        self.buckets = buckets
        self.user = nn.Embedding(n_users, dim)
        self.item = nn.Embedding(n_items, dim)
        self.wide = nn.Embedding(buckets, 1)
        self.deep = nn.Sequential(nn.Linear(2 * dim, dim), nn.ReLU(), nn.Linear(dim, 1))

    def forward(self, user: torch.Tensor, item: torch.Tensor) -> torch.Tensor:
        crossed = cross_hash(user, item, self.buckets)
        deep = self.deep(torch.cat([self.user(user), self.item(item)], -1))
        return torch.sigmoid(self.wide(crossed) + deep).squeeze(-1)


def inputs():
    torch.manual_seed(7009)
    return [
        (torch.randint(0, 20, (8,)), torch.randint(0, 30, (8,))),
        (torch.randint(0, 20, (8,)), torch.randint(0, 30, (8,))),
    ]
