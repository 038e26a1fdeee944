# ruff: noqa  (a probe is written as users write models)
import zlib

import torch
import torch.nn as nn

FIELDS = ("user_id", "item_id", "category", "city")


def field_salt(name: str) -> int:
    # stable across processes, unlike hash(): the same field always lands on the same buckets
    return zlib.crc32(name.encode("utf-8")) & 0x7FFFFFFF


class SharedHashEmbedding(nn.Module):
    """One hashing-trick table shared by every categorical field; salts fixed at build time."""

    def __init__(self, fields=FIELDS, buckets: int = 257, d: int = 8):
        super().__init__()
        self.buckets = buckets
        self.table = nn.Embedding(buckets, d)
        self.register_buffer("salts", torch.tensor([field_salt(f) for f in fields]), persistent=False)

    def forward(self, ids):
        # ids: (batch, fields); one salt per column
        return self.table((ids * 1000003 + self.salts) % self.buckets)


class Model(nn.Module):
    """Factorization-machine style CTR model over hashed categorical fields."""

    def __init__(self):
        super().__init__()
        self.embed = SharedHashEmbedding()
        self.linear = nn.Linear(len(FIELDS) * 8, 1)
        self.deep = nn.Sequential(
            nn.Linear(len(FIELDS) * 8, 16),
            nn.ReLU(),
            nn.Linear(16, 1),
        )

    def forward(self, cat_ids):
        e = self.embed(cat_ids)  # (B, F, d)
        square_of_sum = e.sum(dim=1).pow(2)
        sum_of_square = e.pow(2).sum(dim=1)
        fm = 0.5 * (square_of_sum - sum_of_square).sum(dim=-1, keepdim=True)
        return torch.sigmoid(self.linear(e.flatten(1)) + fm + self.deep(e.flatten(1)))


def inputs():
    torch.manual_seed(5611)
    return [(torch.randint(0, 10_000, (4, 4)),), (torch.randint(0, 10_000, (9, 4)),)]
