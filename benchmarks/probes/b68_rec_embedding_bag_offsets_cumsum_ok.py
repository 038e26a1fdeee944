# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class HashedBagEncoder(nn.Module):
    """Multi-hot feature (e.g. a user's recent item ids) hashed into buckets and pooled by an
    EmbeddingBag; the ragged lists arrive flattened with per-row lengths."""

    def __init__(self, n_buckets: int = 31, dim: int = 8, prime: int = 1000003):
        super().__init__()
        self.n_buckets = n_buckets
        self.prime = prime
        self.bag = nn.EmbeddingBag(n_buckets, dim, mode="mean")

    def forward(self, values: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        buckets = (values * self.prime) % self.n_buckets
        offsets = torch.cat([lengths.new_zeros(1), lengths.cumsum(0)[:-1]])
        return self.bag(buckets, offsets)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.history = HashedBagEncoder()
        self.head = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, values: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        return self.head(self.history(values, lengths)).squeeze(-1)


def inputs():
    torch.manual_seed(6806)
    return [
        (torch.randint(0, 5000, (9,)), torch.tensor([2, 3, 4])),
        (torch.randint(0, 5000, (12,)), torch.tensor([5, 1, 2, 4])),
    ]
