# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Hash embedding (double hashing): each raw id picks two rows of a small table and a learned
    importance weight; the hash multipliers are plain ints kept on the module."""

    def __init__(self, buckets: int = 31, dim: int = 4):
        super().__init__()
        self.buckets = buckets
        self.mult_a = 2654435761
        self.mult_b = 40503
        self.table = nn.Embedding(buckets, dim)
        self.importance = nn.Embedding(buckets, 2)

    def forward(self, raw_ids: torch.Tensor) -> torch.Tensor:
        h1 = torch.remainder(raw_ids * self.mult_a, self.buckets)
        h2 = torch.remainder(raw_ids * self.mult_b + 7, self.buckets)
        w = torch.softmax(self.importance(h1), -1)
        return w[..., 0:1] * self.table(h1) + w[..., 1:2] * self.table(h2)


def inputs():
    torch.manual_seed(7123)
    return [(torch.randint(0, 10**9, (5,)),), (torch.randint(0, 10**9, (3,)),)]
