# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Hashing-trick embedding for an open vocabulary of item ids: mix the id bits with shifts
    and xor (integer tensor ops), fold into a fixed number of buckets, then look up."""

    def __init__(self, buckets: int = 97, dim: int = 8):
        super().__init__()
        self.buckets = buckets
        self.emb = nn.EmbeddingBag(buckets, dim, mode="mean")
        self.out = nn.Linear(dim, 1)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        h = torch.bitwise_xor(ids, ids >> 7)
        h = torch.bitwise_xor(h * 31, h >> 3)
        h = torch.remainder(h, self.buckets)
        return self.out(self.emb(h)).squeeze(-1)


def inputs():
    torch.manual_seed(6125)
    return [(torch.randint(0, 10**9, (4, 6)),), (torch.randint(0, 10**9, (7, 11)),)]
